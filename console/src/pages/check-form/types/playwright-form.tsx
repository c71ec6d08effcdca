/** Playwright suite: the project's files inline (tests, config, helpers) and the commands that run it. */
import { TextArea, TextField, errorFor } from '../../../ui/form'
import { Button } from '../../../ui/kit'
import { list, str, type SectionProps } from '../draft-path'

interface SuiteFile {
  path: string
  content: string
}

function SuiteFiles(props: SectionProps) {
  const files = list<SuiteFile>(props.draft, 'files')
  const change = (i: number, patch: Partial<SuiteFile>) =>
    props.set(
      'files',
      files.map((f, j) => (j === i ? { ...f, ...patch } : f)),
    )
  const listError = props.errors.files
  return (
    <fieldset class="cf-rows" data-field="files">
      <legend>Files</legend>
      <p class="muted small">At least one test file (*.spec.ts, *.test.js…); optionally playwright.config.ts at the root and any helper or package.json.</p>
      {files.map((f, i) => (
        <div class="cf-file" role="group" aria-label={`File ${i + 1}`}>
          <div class="cf-file-head">
            <TextField
              label={`File ${i + 1} path`}
              path={`files[${i}].path`}
              errors={props.errors}
              value={f.path}
              placeholder="tests/home.spec.ts"
              onValue={(v) => change(i, { path: v })}
            />
            <Button
              variant="ghost"
              aria-label={`Remove file ${i + 1}`}
              onClick={() =>
                props.set(
                  'files',
                  files.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </Button>
          </div>
          <TextArea
            label={`File ${i + 1} content`}
            path={`files[${i}].content`}
            errors={props.errors}
            value={f.content}
            rows={10}
            mono
            onValue={(v) => change(i, { content: v })}
          />
        </div>
      ))}
      {listError ? (
        <small class="field-error" role="alert">
          {listError}
        </small>
      ) : null}
      <Button variant="ghost" onClick={() => props.set('files', [...files, { path: '', content: '' }])}>
        + Add file
      </Button>
    </fieldset>
  )
}

export function PlaywrightForm(props: SectionProps) {
  const nullable = (path: string) => (v: string) => props.set(path, v === '' ? null : v)
  return (
    <>
      <SuiteFiles {...props} />
      <fieldset>
        <legend>Commands</legend>
        <TextField
          label="Test command"
          path="testCommand"
          errors={props.errors}
          value={str(props.draft, 'testCommand', 'npx playwright test')}
          required
          maxLength={1024}
          onValue={(v) => props.set('testCommand', v)}
        />
        <TextField
          label="Install command"
          path="installCommand"
          errors={props.errors}
          value={str(props.draft, 'installCommand')}
          maxLength={1024}
          hint="Runs before the tests, e.g. npm ci. Empty: nothing to install."
          onValue={(v) => props.set('installCommand', v)}
        />
        <div class="row">
          <TextField
            label="Working folder"
            path="workingDir"
            errors={props.errors}
            value={str(props.draft, 'workingDir')}
            hint="Relative to the suite root. Empty: the root."
            onValue={nullable('workingDir')}
          />
          <TextField
            label="Playwright version"
            path="playwrightVersion"
            errors={props.errors}
            value={str(props.draft, 'playwrightVersion')}
            hint="Empty: the runner's."
            onValue={nullable('playwrightVersion')}
          />
        </div>
        {errorFor(props.errors, 'browsers') ? <p class="field-error">{errorFor(props.errors, 'browsers')}</p> : null}
      </fieldset>
    </>
  )
}
