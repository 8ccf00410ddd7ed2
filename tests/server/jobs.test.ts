import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREAS } from '../../src/contract/areas.ts'
import { INVOICE_JOBS } from '../../src/contract/constants/invoicing.ts'
import { BILLING_JOB } from '../../src/server/domain/billing/index.ts'
import { registeredJobs } from '../../src/server/domain/billing/queue.ts'
import { RECEIPT_COMPACTION_JOB } from '../../src/server/domain/statsCompaction.ts'
import { JOBS, registerJobs } from '../../src/server/jobs.ts'

const serverDir = join(import.meta.dirname, '../../src/server')

describe('the jobs a server registers (src/server/jobs.ts)', () => {
  it('no server module registers a job when it is imported (a top-level registerJob call)', () => {
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    const sideEffects = files.filter((f) => /^registerJob\(/m.test(readFileSync(join(serverDir, f), 'utf8')))
    expect(sideEffects).toEqual([])
  })

  it('registerJobs registers every listed job: the billing statement, the invoice jobs, the stats compaction', () => {
    registerJobs()
    expect(registeredJobs()).toEqual(expect.arrayContaining([BILLING_JOB, ...Object.values(INVOICE_JOBS), RECEIPT_COMPACTION_JOB]))
  })

  it('the list is by area', () => {
    expect(Object.keys(JOBS).filter((a) => !(a in AREAS))).toEqual([])
  })
})
