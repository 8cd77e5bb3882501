import { jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  adminId: string;
  email: string;
  /** The admin's session version when the token was signed (claim `ver`). */
  sessionVersion: number;
  /** The admin_sessions row of the token (claim `sid`, issue 34). */
  sessionId?: string;
}

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, now = Date.now()): Promise<string> {
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({
        email: claims.email,
        ver: claims.sessionVersion,
        ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.adminId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /**
     * The claims of a valid token, or undefined for any bad, expired or foreign one. A token
     * without an expiry would be valid for ever: exp, iat and sub must all be there.
     */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat", "sub"],
        });
        const { sub, email, ver, sid } = payload;
        if (typeof sub !== "string" || typeof email !== "string") return undefined;
        if (typeof ver !== "number" || !Number.isSafeInteger(ver)) return undefined;
        if (sid !== undefined && typeof sid !== "string") return undefined;
        return { adminId: sub, email, sessionVersion: ver, ...(sid ? { sessionId: sid } : {}) };
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
