/** Terminal colour codes out of a program's output, which results show as plain text. */
// eslint-disable-next-line no-control-regex -- the escape character is what ANSI colour codes start with
const ANSI = /\u001b\[[0-9;]*m/g

export const stripAnsi = (s: string): string => s.replace(ANSI, '')
