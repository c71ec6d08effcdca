/** The response view of a result's asset manifest: the stored files of a run, each with its download URL and its source. */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'

export const ASSET_TYPES = ['log', 'trace', 'video', 'screenshot', 'report', 'file'] as const

export const AssetManifestEntry = Type.Object({
  type: StringEnum(ASSET_TYPES, { description: 'Normalized asset type.' }),
  name: Type.String({ minLength: 1, description: 'Display/download name for the asset.' }),
  url: Type.String({ format: 'uri', description: 'Authenticated API URL for downloading the asset.' }),
  contentType: Type.String({ minLength: 1 }),
  source: Type.Object({
    type: StringEnum(['check-result'] as const),
    checkId: Type.String(),
    checkName: Type.String(),
    checkType: Type.String(),
    resultId: Type.String(),
  }),
})
export type AssetManifestEntry = Static<typeof AssetManifestEntry>

export const AssetManifest = Type.Object({ assets: Type.Array(AssetManifestEntry, { description: 'Normalized assets for the result.' }) })
export type AssetManifest = Static<typeof AssetManifest>
