/**
 * What `/api/ready` asks before it says an instance may take traffic: the database, and
 * Redis and the media storage when they are configured (issue 10). Each part registers a
 * check that resolves when it works and rejects with the reason when it does not; a check
 * that takes longer than `timeoutMs` counts as failing, so a proxy's probe never hangs.
 */
export type PartName = "database" | "redis" | "storage";

/**
 * What is wrong with a failing part, in one word a load balancer's operator can act on
 * without the server's log: "unreachable" (refused, cut, gone), "busy" (locked by another
 * writer), "timeout" (no answer in time) or "error" (anything else: see the log).
 */
export type FailureKind = "unreachable" | "busy" | "timeout" | "error";

export interface ReadinessReport {
  ready: boolean;
  /** Every registered part: "ok", or what is wrong with it. */
  checks: Partial<Record<PartName, string>>;
  /** Every failing part's kind of failure. */
  failures: Partial<Record<PartName, FailureKind>>;
}

class LateAnswer extends Error {}

function failureKind(error: unknown): FailureKind {
  if (error instanceof LateAnswer) return "timeout";
  const kind = (error as { kind?: unknown } | undefined)?.kind;
  return kind === "unreachable" || kind === "busy" ? kind : "error";
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
              () => reject(new LateAnswer(`no answer within ${timeoutMs} ms`)),
              timeoutMs,
            );
          });
          try {
            await Promise.race([check(), late]);
            return [name, "ok", undefined] as const;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            return [name, message, failureKind(error)] as const;
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return {
        ready: entries.every(([, state]) => state === "ok"),
        checks: Object.fromEntries(entries.map(([name, state]) => [name, state])),
        failures: Object.fromEntries(
          entries.flatMap(([name, , kind]) => (kind ? [[name, kind]] : [])),
        ),
      };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
