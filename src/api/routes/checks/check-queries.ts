/** Path and query schemas the check routes share (/v1, /v2 and /v3 reads take the same filters). */
import { Type } from 'typebox'
import { CHECK_STATUSES, CHECK_TYPES } from '../../../domain/checks/enums.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { PageQuery } from '../../paging.js'
import { TYPES_NOT_BUILT } from '../../../domain/checks/check-type-of-body.js'

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })

export const ListQuery = Type.Object({
  ...PageQuery,
  apiCheckUrlFilterPattern: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'Keeps only API checks whose URL contains this text.' })),
  tag: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description: 'Keeps checks with at least one of these tags.' })),
  // The reference's types not built here are accepted as filters: no check has them, so the list is empty.
  checkType: Type.Optional(StringEnum([...new Set([...CHECK_TYPES, ...TYPES_NOT_BUILT])])),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Case-insensitive partial match on the check name.' })),
  status: Type.Optional(StringEnum(CHECK_STATUSES, { description: 'Status from the latest final results.' })),
  applyGroupSettings: Type.Boolean({ default: false, description: "Return checks with their group's settings applied." }),
})

export const GetQuery = Type.Object({
  applyGroupSettings: Type.Boolean({ default: false, description: "Return the check with its group's settings applied." }),
})
