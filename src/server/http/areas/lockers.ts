import { LockerCountry } from '../../../contract/schemas/lockers.ts'
import { decode } from '../../../contract/validation.ts'
import { lockerCsv } from '../../domain/lockers.ts'
import { notFound } from '../../domain/errors.ts'
import { FileReply, type Handlers } from '../handler.ts'
import { LOCKER_MSG } from '../../../contract/messages/lockers.ts'

export const lockerHandlers: Handlers<'lockerFile'> = {
  lockerFile: async ({ deps, params }) => {
    const country = decode(LockerCountry, params.country)
    if (!country.ok) throw notFound(LOCKER_MSG.lockerCountryUnknown)
    const file = await lockerCsv(deps.db, country.value)
    return new FileReply(file.data, file.filename, 'text/csv; charset=utf-8')
  },
}
