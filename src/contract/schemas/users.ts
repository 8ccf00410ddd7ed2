import * as Schema from 'effect/Schema'
import { Email, Id, Password } from '../validation.ts'
import { RoleSchema, StaffRoleSchema } from './common.ts'
import { WorkstationRef } from './warehouse.ts'

/** User accounts: the user as every reply names it, the admin's user list and forms. */

export const User = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  email_verified_at: Schema.NullOr(Schema.String),
  role: RoleSchema,
  deleted_at: Schema.NullOr(Schema.String),
  client_id: Schema.NullOr(Schema.Number),
  workstation: Schema.NullOr(WorkstationRef),
})
export type User = typeof User.Type

export const UserCreateRequest = Schema.Struct({ email: Email, role: StaffRoleSchema })
export const UserUpdateRequest = Schema.Struct({ id: Id, email: Email, role: StaffRoleSchema })
export const RegisterRequest = Schema.Struct({ email: Email, password: Password, role: StaffRoleSchema })
export const EmployeesEmailsRequest = Schema.Struct({ roles: Schema.Array(RoleSchema) })
export const EmployeeEmail = Schema.Struct({ id: Schema.Number, email: Schema.String, role: RoleSchema })

export const UserRow = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  email_verified_at: Schema.NullOr(Schema.String),
  role: RoleSchema,
  deleted_at: Schema.NullOr(Schema.String),
})
export type UserRow = typeof UserRow.Type
