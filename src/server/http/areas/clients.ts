import { CLIENT_MSG } from '../../../contract/messages/clients.ts'
import { generatePassword } from '../../../contract/credentials.ts'
import { PriceListType } from '../../../contract/schemas/clients.ts'
import { decode } from '../../../contract/validation.ts'
import type { clientEndpoints } from '../../../contract/endpoints/clients.ts'
import {
  additionalType, additionalTypes, billingPeriod, clientForCaller, clientNames, countryList, courierContacts, createParameter,
  deleteParameter, getParameter, listClients, listParameters, navigation, setClientBlocked, setIaiPassword, shipmentsInPeriod,
  updateClient, updateParameter,
} from '../../domain/clients.ts'
import {
  clientPriceBands, createPriceBand, currentActive, currentActiveFor, deletePriceBand, getPriceBand,
  priceListUsed, priceListsOfClient, specialAssociations, updatePriceBand,
} from '../../domain/clientsPricing.ts'
import { defaultDpdAccess } from '../../domain/clientsCourierApi.ts'
import { findPriceList } from '../../domain/prices.ts'
import {
  allCredentials, checkCredential, clientCredentials, courierList, createCredential, createExternal, credentialTypes, deleteCredential,
  deleteExternal, externalCredential, externalCredentials, getCredential, hasCredentialType, hasDefaultCredentials,
  openClient, pinCredential, protectedAssigns, revokeExternal, unpinCredential, updateCredential, updateExternal,
} from '../../domain/clientsCredentials.ts'
import { actorOf } from '../../domain/audit.ts'
import { notFound } from '../../domain/errors.ts'
import { type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'

type Names = keyof typeof clientEndpoints

/** `income` or `cost` from a path; anything else is not found. */
function listType(raw: string | undefined) {
  const d = decode(PriceListType, raw)
  if (!d.ok) throw notFound(CLIENT_MSG.priceListNotFound)
  return d.value
}

export const clientHandlers: Handlers<Names> = {
  // ---- clients ----
  clientList: ({ deps, body }) => listClients(deps.db, body),
  clients: ({ deps }) => clientNames(deps.db),
  clientData: ({ deps, params, user }) => clientForCaller(deps.db, params.id === '0' ? 0 : pathId(params.id), user),
  clientCreate: async (c) => reply(201, await openClient(c.deps.db, c.deps.vault, c.body, actorOf(c))),
  clientUpdate: (c) => c.deps.db.tx((q) => updateClient(q, c.body, actorOf(c))),
  clientBlock: (c) => c.deps.db.tx((q) => setClientBlocked(q, c.body.id, true, actorOf(c))),
  clientRestore: (c) => c.deps.db.tx((q) => setClientBlocked(q, c.body.id, false, actorOf(c))),
  clientIaiPassword: async () => ({ password: generatePassword() }),
  clientIaiUpdate: (c) => setIaiPassword(c.deps.db, c.deps.vault, c.body.id, c.body.iai_password, actorOf(c)),
  // The operator's DPD API password stays on the server: the form sends it back empty, which keeps it.
  defaultAccessData: async () => ({ ...defaultDpdAccess(), dpd_api_password: '', iai_password: generatePassword() }),
  clientNavigation: ({ deps, params }) => navigation(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  clientFindPeriod: ({ deps, params }) => billingPeriod(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  clientShipmentsCount: ({ deps, params }) => shipmentsInPeriod(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  clientHasDefaultCredentials: ({ deps, params }) => hasDefaultCredentials(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  countryList: ({ deps }) => countryList(deps.db),
  courierContacts: ({ deps, params, queryData }) => courierContacts(deps.db, pathId(params.id), queryData.query ?? ''),

  // ---- price bands ----
  clientPrices: ({ deps, params }) => clientPriceBands(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  priceBandGet: ({ deps, params }) => getPriceBand(deps.db, pathId(params.id, CLIENT_MSG.priceBandNotFound)),
  priceBandCreate: async (c) => reply(201, await c.deps.db.tx((q) => createPriceBand(q, c.body, actorOf(c)))),
  priceBandUpdate: (c) => c.deps.db.tx((q) => updatePriceBand(q, c.body, actorOf(c))),
  priceBandDelete: async (c) => {
    await c.deps.db.tx((q) => deletePriceBand(q, c.body.id, actorOf(c)))
    return { message: CLIENT_MSG.priceBandDeleted }
  },

  // ---- additional parameters ----
  additionalTypes: ({ deps }) => additionalTypes(deps.db),
  additionalType: ({ deps, params }) => additionalType(deps.db, pathId(params.id, CLIENT_MSG.parameterTypeNotFound)),
  additionalList: ({ deps, params }) => listParameters(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  additionalCreate: async (c) =>
    reply(201, await c.deps.db.tx((q) => createParameter(q, pathId(c.params.id, CLIENT_MSG.clientNotFound), c.body.type_id, c.body.value, actorOf(c)))),
  additionalUpdate: (c) => c.deps.db.tx((q) => updateParameter(q, pathId(c.params.id, CLIENT_MSG.clientNotFound), c.body.type_id, c.body.value, actorOf(c))),
  additionalGet: ({ deps, params }) => getParameter(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound), pathId(params.typeId, CLIENT_MSG.parameterNotFound)),
  additionalDelete: async (c) => {
    const { deps, params } = c
    await deps.db.tx((q) => deleteParameter(q, pathId(params.id, CLIENT_MSG.clientNotFound), pathId(params.typeId, CLIENT_MSG.parameterNotFound), actorOf(c)))
    return { message: CLIENT_MSG.parameterDeleted }
  },

  // ---- courier credentials ----
  couriers: ({ deps }) => courierList(deps.db),
  credentialTypes: ({ deps }) => credentialTypes(deps.db),
  credentialProtectedAssigns: ({ deps }) => protectedAssigns(deps.db),
  credentials: ({ deps }) => allCredentials(deps.db),
  clientCredentials: ({ deps, params }) => clientCredentials(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  clientHasCredentialType: ({ deps, params }) => hasCredentialType(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound), params.assign ?? ''),
  credentialGet: ({ deps, params }) => getCredential(deps.db, pathId(params.id, CLIENT_MSG.credentialNotFound)),
  credentialCreate: async (c) => reply(201, await c.deps.db.tx((q) => createCredential(q, c.deps.vault, c.deps.courierApi, c.body, actorOf(c)))),
  credentialUpdate: (c) => c.deps.db.tx((q) => updateCredential(q, c.deps.vault, c.deps.courierApi, c.body, actorOf(c))),
  credentialDelete: async (c) => {
    await c.deps.db.tx((q) => deleteCredential(q, c.body.id, actorOf(c)))
    return { message: CLIENT_MSG.credentialDeleted }
  },
  credentialReuse: (c) => c.deps.db.tx((q) => pinCredential(q, c.body.id, c.body.id_client, false, actorOf(c))),
  credentialCheck: ({ deps, body }) => checkCredential(deps.db, deps.vault, deps.courierApi, body),
  credentialPermissions: ({ deps, body }) => checkCredential(deps.db, deps.vault, deps.courierApi, body),
  credentialMainSet: (c) => c.deps.db.tx((q) => pinCredential(q, c.body.id, c.body.id_client, true, actorOf(c))),
  credentialUnpin: async (c) => {
    await c.deps.db.tx((q) => unpinCredential(q, c.body.id, c.body.id_client, actorOf(c)))
    return { message: CLIENT_MSG.credentialUnpinned }
  },

  // ---- external API credentials ----
  externalCredentials: ({ deps, params }) => externalCredentials(deps.db, pathId(params.id, CLIENT_MSG.clientNotFound)),
  externalCredentialGet: ({ deps, params }) =>
    externalCredential(deps.db, deps.vault, pathId(params.id, CLIENT_MSG.clientNotFound), pathId(params.credId, CLIENT_MSG.externalNotFound)),
  externalCredentialCreate: async (c) =>
    reply(201, await c.deps.db.tx((q) => createExternal(q, c.deps.vault, pathId(c.params.id, CLIENT_MSG.clientNotFound), c.body, actorOf(c)))),
  externalCredentialUpdate: (c) =>
    c.deps.db.tx((q) => updateExternal(q, c.deps.vault, pathId(c.params.id, CLIENT_MSG.clientNotFound), c.body, actorOf(c))),
  externalCredentialRevoke: (c) =>
    c.deps.db.tx((q) => revokeExternal(q, c.deps.vault, pathId(c.params.id, CLIENT_MSG.clientNotFound), pathId(c.params.credId, CLIENT_MSG.externalNotFound), actorOf(c))),
  externalCredentialDelete: async (c) => {
    await c.deps.db.tx((q) => deleteExternal(q, pathId(c.params.id, CLIENT_MSG.clientNotFound), c.body.credentialsId, actorOf(c)))
    return { message: CLIENT_MSG.externalDeleted }
  },

  // ---- operational price lists ----
  priceListsOfClient: ({ deps, params, body }) =>
    priceListsOfClient(deps.db, listType(params.type), pathId(params.clientId, CLIENT_MSG.clientNotFound), body),
  priceListOne: ({ deps, params }) => findPriceList(deps.db, listType(params.type), pathId(params.id, CLIENT_MSG.priceListNotFound)),
  priceListCheck: ({ deps, params }) => priceListUsed(deps.db, listType(params.type), pathId(params.id, CLIENT_MSG.priceListNotFound)),
  priceListSpecialAssociations: ({ deps, params }) => specialAssociations(deps.db, listType(params.type)),
  priceListCurrentActive: ({ deps, params }) => currentActive(deps.db, listType(params.type)),
  priceListCurrentActiveFor: ({ deps, params, queryData }) =>
    currentActiveFor(deps.db, listType(params.type), pathId(params.id, CLIENT_MSG.clientNotFound), queryData.id_country, queryData.id_courier),
}
