import { jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  adminId: string;
  email: string;
}

export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, now = Date.now()): Promise<string> {
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({ email: claims.email })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.adminId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid token, or undefined for any bad, expired or foreign one. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.email !== "string") return undefined;
        return { adminId: payload.sub, email: payload.email };
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
