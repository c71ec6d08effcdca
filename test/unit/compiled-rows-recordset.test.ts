/**
 * On PostgreSQL, multi-row writes send their rows as one JSON parameter read with the table's column types: the
 * statement of one row is rewritten (its ON CONFLICT clause kept), and a statement it cannot read is refused.
 */
import { describe, expect, it } from 'vitest'
import { asRecordset } from '../../src/store/compiled-rows.js'

describe('asRecordset', () => {
  it.each([
    {
      given: 'insert into "heartbeat_events" ("id", "type") values ($1, $2)',
      columns: 2,
      sql: 'insert into "heartbeat_events" ("id", "type") select "id", "type" from json_populate_recordset(null::"heartbeat_events", $1::json)',
    },
    {
      given: 'insert into "s"."check_statuses" ("check_id", "status") values ($1, $2) on conflict ("check_id") do update set "status" = "excluded"."status"',
      columns: 2,
      sql: 'insert into "s"."check_statuses" ("check_id", "status") select "check_id", "status" from json_populate_recordset(null::"s"."check_statuses", $1::json) on conflict ("check_id") do update set "status" = "excluded"."status"',
    },
  ])('$given', ({ given, columns, sql }) => {
    expect(asRecordset(given, columns)).toBe(sql)
  })

  it.each([
    ['two rows', 'insert into "t" ("a") values ($1), ($2)', 1],
    ['a column count that differs', 'insert into "t" ("a", "b") values ($1, $2)', 3],
    ['an update', 'update "t" set "a" = $1', 1],
  ])('refuses %s', (_name, given, columns) => {
    expect(() => asRecordset(given, columns)).toThrow('compiledRows: cannot read rows')
  })
})
