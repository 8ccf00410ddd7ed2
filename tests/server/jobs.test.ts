import { describe, expect, it } from 'vitest'
import { AREAS } from '../../src/contract/areas.ts'
import { BILLING_JOB } from '../../src/server/domain/billing/index.ts'
import { registeredJobs } from '../../src/server/domain/billing/queue.ts'
import { INVOICE_JOBS } from '../../src/contract/constants/invoicing.ts'
import { JOBS, registerJobs } from '../../src/server/jobs.ts'

describe('the jobs a server registers (src/server/jobs.ts)', () => {
  it('importing the modules that define jobs registers none of them', () => {
    expect(registeredJobs()).toEqual([])
  })

  it('registerJobs registers every listed job: the billing statement and the invoice jobs', () => {
    registerJobs()
    expect(registeredJobs().sort()).toEqual([BILLING_JOB, ...Object.values(INVOICE_JOBS)].sort())
  })

  it('the list is by area', () => {
    expect(Object.keys(JOBS).filter((a) => !(a in AREAS))).toEqual([])
  })
})
