/** The rows of one page of a list as a table whose columns describe themselves (paged and cursor lists alike). */
import type { ComponentChildren } from 'preact'
import { TableWrap } from '../../../ui/kit'

export interface Column<T> {
  label: string
  cell: (row: T) => ComponentChildren
  /** Extra class of the cell (e.g. `num`). */
  class?: string
}

export function ColumnsTable<T>(props: { caption: string; columns: Array<Column<T>>; rows: readonly T[] }) {
  return (
    <TableWrap label={props.caption}>
      <table>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th scope="col" class={c.class}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr>
              {props.columns.map((c) => (
                <td class={c.class}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
