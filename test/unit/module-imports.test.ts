/**
 * The modules a file imports, read by TypeScript's parser: every form of import and re-export in TypeScript and
 * JavaScript, ES modules and CommonJS, and nothing that only looks like one (comments, strings, template text).
 */
import { describe, expect, it } from 'vitest'
import { importsOf } from '../../src/lib/module-imports.js'

describe('importsOf', () => {
  it.each<[string, string, string[], string?]>([
    ['default and named imports', 'import def, { a as b } from \'./dn\'\nimport type { T } from "../types"\n', ['./dn', '../types']],
    ['a side-effect import after code on the same line', "setup();import './side'\n", ['./side']],
    ['export * from', "export * from './all'\n", ['./all']],
    ['export * as ns from (which preProcessFile misses)', "export * as pages from './pages'\n", ['./pages']],
    [
      'export { x } from, over several lines',
      "export {\n  test,\n  expect,\n} from './fixtures'\nexport type { Page } from '@playwright/test'\n",
      ['./fixtures', '@playwright/test'],
    ],
    ['import x = require()', "import q = require('./q')\n", ['./q']],
    ['a dynamic import, also with a backquoted name', "const a = await import('./a')\nconst b = await import(`./b`)\n", ['./a', './b']],
    ['an import type in a type position', "let page: import('./pages/todo-page').TodoPage\n", ['./pages/todo-page']],
    ['an import with attributes', "import data from './data.json' with { type: 'json' }\n", ['./data.json']],
    ['require in CommonJS', "const { test } = require('./base')\nexports.expect = require('@playwright/test').expect\n", ['./base', '@playwright/test'], 'base.cjs'],
    ['a folder and its parent', "import here from '.'\nimport up from '..'\n", ['.', '..']],
    ['JSX around an import', 'import { Row } from \'./row\'\nexport const view = <Row name="x" />\n', ['./row'], 'view.tsx'],
    ['each module once, in order of appearance', "import './b'\nimport './a'\nrequire('./b')\n", ['./b', './a']],
    [
      'imports in comments, strings and template text',
      "// import x from './gone'\n/* require('./gone2') */\nconst s = \"import z from './gone3'\"\nconst t = `require('./gone4')`\n",
      [],
    ],
    ['a require with a computed name', "const name = './x'\nrequire(name)\nrequire('./a' + name)\n", []],
  ])('%s', (_what, source, expected, fileName) => {
    expect(importsOf(source, fileName)).toEqual(expected)
  })
})
