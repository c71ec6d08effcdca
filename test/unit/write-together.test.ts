/**
 * On PostgreSQL the rows of several tables written by one batch go in one statement: each table's statement (its
 * rows as one JSON parameter) becomes a WITH query, its parameter numbered in turn, and the last one is the main
 * statement. A statement that does not take its rows as exactly one `$1::json` is refused.
 */
import { describe, expect, it } from 'vitest'
import { togetherText } from '../../src/store/write-together.js'

const events = 'insert into "e" ("id") select "id" from json_populate_recordset(null::"e", $1::json)'
const results = 'insert into "r" ("id") select "id" from json_populate_recordset(null::"r", $1::json)'
const statuses = 'insert into "s" ("id") select "id" from json_populate_recordset(null::"s", $1::json) on conflict ("id") do nothing'

describe('togetherText', () => {
  it.each([
    { name: 'one statement, as it is', texts: [events], sql: events },
    {
      name: 'two statements',
      texts: [events, results],
      sql: 'with w1 as (insert into "e" ("id") select "id" from json_populate_recordset(null::"e", $1::json)) insert into "r" ("id") select "id" from json_populate_recordset(null::"r", $2::json)',
    },
    {
      name: 'three statements, the last with its conflict clause',
      texts: [events, results, statuses],
      sql:
        'with w1 as (insert into "e" ("id") select "id" from json_populate_recordset(null::"e", $1::json)), ' +
        'w2 as (insert into "r" ("id") select "id" from json_populate_recordset(null::"r", $2::json)) ' +
        'insert into "s" ("id") select "id" from json_populate_recordset(null::"s", $3::json) on conflict ("id") do nothing',
    },
  ])('$name', ({ texts, sql }) => {
    expect(togetherText(texts)).toBe(sql)
  })

  it.each([
    ['no statement', [], 'writeTogether: no statement'],
    ['a statement of ordinary parameters', [events, 'insert into "t" ("a") values ($1)'], 'does not take its rows as one $1::json'],
    ['a statement that reads the parameter twice', [events, `${results} where $1::json is not null`], 'does not take its rows as one $1::json'],
  ])('refuses %s', (_name, texts, message) => {
    expect(() => togetherText(texts)).toThrow(message)
  })
})
