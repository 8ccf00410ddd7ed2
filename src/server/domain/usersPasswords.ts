import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt, memory-hard. Stored as scrypt$N$r$p$salt$hash (base64).
const PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 }

const derive = (password: string, salt: Buffer, o: ScryptOptions & { keylen: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, o.keylen, { N: o.N, r: o.r, p: o.p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, N, r, p, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: +N, r: +r, p: +p, keylen: expected.length })
  return timingSafeEqual(key, expected)
}

/** A password nobody can guess, for accounts created by an admin (sent by e-mail). */
export const randomPassword = () => randomBytes(12).toString('base64url')
