/** Query keys of the open-data page (issue 26 point 4): its metadata and monthly files (public, the same for everyone). */
import { rootKeys } from '../../api/query-keys'

export const openDataKeys = { all: rootKeys.openData }
