/**
 * The frame of a simple resource's "new or edit" page: reads the record when there is an id and hands it to the
 * form, with the loading and error states in between.
 */
import type { ComponentChildren } from 'preact'
import { useApi } from '../../../api/hooks'
import type { Read } from '../../../api/read'
import { ErrorBanner, Loading, PageHeader } from '../../../ui/kit'
import { useDocumentTitle } from '../../../ui/title'

interface Props<T> {
  id: string | undefined
  get: (id: string) => Read<T>
  back: { href: string; label: string }
  newTitle: string
  title: (record: T) => ComponentChildren
  subtitle?: (record: T) => ComponentChildren
  children: (record: T | undefined) => ComponentChildren
}

export function ResourcePage<T>(props: Props<T>) {
  const record = useApi(props.id ? props.get(props.id) : null)
  const named = record.data !== undefined ? props.title(record.data) : null
  // "Database upgrade · Maintenance": the record, then the list it belongs to.
  useDocumentTitle(!props.id ? props.newTitle : typeof named === 'string' ? named : record.error ? props.newTitle.replace(/^New /, '') : null, props.back.label)
  if (!props.id) {
    return (
      <>
        <PageHeader title={props.newTitle} back={props.back} />
        {props.children(undefined)}
      </>
    )
  }
  if (record.isLoading) return <Loading />
  if (record.error || !record.data) {
    return (
      <>
        <PageHeader title={props.newTitle.replace(/^New /, '')} back={props.back} />
        <ErrorBanner error={record.error ?? 'Not found'} title="Could not load it" />
      </>
    )
  }
  return (
    <>
      <PageHeader title={props.title(record.data)} subtitle={props.subtitle?.(record.data)} back={props.back} />
      {props.children(record.data)}
    </>
  )
}
