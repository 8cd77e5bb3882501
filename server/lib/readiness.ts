/**
 * What `/api/ready` asks before it says an instance may take traffic: the database, and
 * Redis and the media storage when they are configured (issue 10). Each part registers a
 * check that resolves when it works and rejects with the reason when it does not; a check
 * that takes longer than `timeoutMs` counts as failing, so a proxy's probe never hangs.
 */
export type PartName = "database" | "redis" | "storage";

export interface ReadinessReport {
  ready: boolean;
  /** Every registered part: "ok", or what is wrong with it. */
  checks: Partial<Record<PartName, string>>;
}

export function createReadiness(timeoutMs = 2000) {
  const checks = new Map<PartName, () => Promise<void>>();
  return {
    add(name: PartName, check: () => Promise<void>): void {
      checks.set(name, check);
    },
    async report(): Promise<ReadinessReport> {
      const entries = await Promise.all(
        [...checks].map(async ([name, check]) => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${timeoutMs} ms`)),
              timeoutMs,
            );
          });
          try {
            await Promise.race([check(), late]);
            return [name, "ok"] as const;
          } catch (error) {
            return [name, error instanceof Error ? error.message : String(error)] as const;
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return {
        ready: entries.every(([, state]) => state === "ok"),
        checks: Object.fromEntries(entries),
      };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
