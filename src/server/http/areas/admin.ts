import { isStaff } from '../../../contract/constants/access.ts'
import { ADMIN_MSG } from '../../../contract/messages/admin.ts'
import { LockerCountry } from '../../../contract/schemas/admin.ts'
import { decode } from '../../../contract/validation.ts'
import { addDay, calendarYears, deleteDay, nextWorkingDayFrom, today, yearDays } from '../../domain/calendar.ts'
import { lockerCsv } from '../../domain/lockers.ts'
import { deleteParcel, labelMetadata, setParcelStatus } from '../../domain/parcelsCalls.ts'
import { createResignation, deleteResignation, getResignation, resignationPage, updateResignation } from '../../domain/resignations.ts'
import { createStatusType, deleteStatusType, getStatusType, statusTypeGroupOne, statusTypePage, updateStatusType } from '../../domain/statuses.ts'
import { getUnknownAlias, listUnknownAliases, resolveUnknownAlias } from '../../domain/aliases.ts'
import { forbidden, notFound } from '../../domain/errors.ts'
import { FileReply, type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'

/** A calendar year from the path: anything but a whole number in range is simply not found. */
const yearParam = (raw: string | undefined) => {
  const year = /^\d{4}$/.test(raw ?? '') ? Number(raw) : NaN
  if (!Number.isInteger(year)) throw notFound(ADMIN_MSG.yearOutOfRange)
  return year
}

/** The client a client user reports for (a client account always has one). */
const ownClient = (clientId: number | null) => {
  if (clientId == null) throw forbidden()
  return clientId
}

export const adminHandlers: Handlers<
  | 'calendarYears' | 'calendarDays' | 'calendarDayAdd' | 'calendarDayDelete' | 'nextWorkingDay'
  | 'statusTypeDatatable' | 'statusTypeGet' | 'statusTypeCreate' | 'statusTypeUpdate' | 'statusTypeDelete' | 'statusTypeGroupOne'
  | 'unknownAliasList' | 'unknownAliasGet' | 'unknownAliasResolve' | 'lockerFile'
  | 'resignationList' | 'resignationCreate' | 'resignationGet' | 'resignationUpdate' | 'resignationDelete'
  | 'clientResignationList' | 'clientResignationCreate' | 'clientResignationGet' | 'clientResignationDelete'
  | 'parcelDelete' | 'parcelStatus' | 'parcelLabelMetadata'
> = {
  calendarYears: ({ deps }) => deps.db.tx((q) => calendarYears(q)),
  calendarDays: ({ deps, params, queryData }) => deps.db.tx((q) => yearDays(q, yearParam(params.year), queryData.country)),
  calendarDayAdd: async ({ deps, body }) => {
    const day = await deps.db.tx((q) => addDay(q, body))
    return reply(201, { message: ADMIN_MSG.dayAdded, year: Number(day.date.slice(0, 4)), day })
  },
  calendarDayDelete: async ({ deps, body }) => {
    await deps.db.tx((q) => deleteDay(q, body.id))
    return { message: ADMIN_MSG.dayRemoved }
  },
  nextWorkingDay: async ({ deps, queryData }) => {
    const from = queryData.date ?? today()
    return { from, date: await deps.db.tx((q) => nextWorkingDayFrom(q, from, queryData.country)) }
  },

  statusTypeDatatable: ({ deps, body }) => statusTypePage(deps.db, body),
  statusTypeGet: ({ deps, params }) => getStatusType(deps.db, pathId(params.id, ADMIN_MSG.statusNotFound)),
  statusTypeCreate: async ({ deps, body }) => reply(201, { message: ADMIN_MSG.statusCreated, id: await deps.db.tx((q) => createStatusType(q, body)) }),
  statusTypeUpdate: async ({ deps, body }) => ({ message: ADMIN_MSG.statusUpdated, id: await deps.db.tx((q) => updateStatusType(q, body)) }),
  statusTypeDelete: async ({ deps, body }) => {
    await deps.db.tx((q) => deleteStatusType(q, body.id))
    return { message: ADMIN_MSG.statusRemoved }
  },
  statusTypeGroupOne: ({ deps, params, user }) => statusTypeGroupOne(deps.db, params.identifier ?? '', isStaff(user.role)),

  unknownAliasList: ({ deps }) => listUnknownAliases(deps.db),
  unknownAliasGet: ({ deps, params }) => getUnknownAlias(deps.db, pathId(params.id, ADMIN_MSG.aliasNotFound)),
  unknownAliasResolve: ({ deps, body, user }) => deps.db.tx((q) => resolveUnknownAlias(q, user.id, body)),
  lockerFile: async ({ deps, params }) => {
    const country = decode(LockerCountry, params.country)
    if (!country.ok) throw notFound(ADMIN_MSG.lockerCountryUnknown)
    const file = await lockerCsv(deps.db, country.value)
    return new FileReply(file.data, file.filename, 'text/csv; charset=utf-8')
  },

  resignationList: ({ deps, body }) => resignationPage(deps.db, body, null),
  resignationCreate: async ({ deps, body, user }) => reply(201, { message: ADMIN_MSG.resignationCreated, id: await deps.db.tx((q) => createResignation(q, user.id, body, true)) }),
  resignationGet: ({ deps, params }) => getResignation(deps.db, pathId(params.id, ADMIN_MSG.resignationNotFound), null),
  resignationUpdate: async ({ deps, body }) => ({ message: ADMIN_MSG.resignationUpdated, id: await deps.db.tx((q) => updateResignation(q, body)) }),
  resignationDelete: async ({ deps, body }) => {
    await deps.db.tx((q) => deleteResignation(q, body.id, null))
    return { message: ADMIN_MSG.resignationRemoved }
  },
  clientResignationList: ({ deps, body, user }) => resignationPage(deps.db, body, ownClient(user.client_id)),
  clientResignationCreate: async ({ deps, body, user }) => {
    const clientId = ownClient(user.client_id)
    return reply(201, { message: ADMIN_MSG.resignationCreated, id: await deps.db.tx((q) => createResignation(q, user.id, { ...body, client_id: clientId }, false)) })
  },
  clientResignationGet: ({ deps, params, user }) => getResignation(deps.db, pathId(params.id, ADMIN_MSG.resignationNotFound), ownClient(user.client_id)),
  clientResignationDelete: async ({ deps, body, user }) => {
    await deps.db.tx((q) => deleteResignation(q, body.id, ownClient(user.client_id)))
    return { message: ADMIN_MSG.resignationRemoved }
  },

  parcelDelete: ({ deps, body, user }) => deps.db.tx((q) => deleteParcel(q, user, body)),
  parcelStatus: ({ deps, body, user }) => setParcelStatus(deps.db, user, body),
  parcelLabelMetadata: ({ deps, params, user }) => labelMetadata(deps.db, user, pathId(params.id, ADMIN_MSG.parcelNotFound), params.label ?? ''),
}
