/**
 * PostgreSQL introspection limited to the connection's own schema. Kysely's migrator asks the introspector which
 * tables exist; the stock one reads every schema on the server and calls functions (`has_schema_privilege`,
 * `pg_get_serial_sequence`) that fail with "schema … does not exist" when another schema is dropped while the
 * query runs. On a server shared by several Picket schemas (or other applications) a start could fail that way;
 * looking only at `current_schema()` cannot, and reads far less of the catalog.
 */
import { PostgresDialect, sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely'

interface ColumnRow {
  column: string
  not_null: boolean
  has_default: boolean
  table: string
  table_type: string
  schema: string
  type: string
  type_schema: string
  column_description: string | null
  auto_incrementing: string | null
}

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // The introspector is handed a Kysely of any database: the catalog tables are queried with raw SQL.
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`select current_schema() as name`.execute(this.db)
    return rows.rows.filter((r) => r.name !== null)
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default, c.relname as table,
             c.relkind as table_type, ns.nspname as schema, typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
       order by c.relname, a.attnum`.execute(this.db)
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>()
    for (const row of rows) {
      let table = tables.get(row.table)
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] }
        tables.set(row.table, table)
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        isNullable: !row.not_null,
        ...(row.column_description !== null ? { comment: row.column_description } : {}),
      })
    }
    return [...tables.values()]
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() }
  }
}

/** Kysely's PostgreSQL dialect with introspection of the current schema only. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db)
  }
}
