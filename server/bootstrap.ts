import type { FastifyInstance } from "fastify";
import { generatePassword } from "./modules/staff/password.ts";
import type { Config } from "./config.ts";
import { seedDatabase } from "./db/seed.ts";
import { generatedAdminEmail } from "./modules/setup/service.ts";
import { Conflict } from "./errors.ts";

/**
 * Start-up work: seed a database that has never been seeded (prices always, sample posts
 * unless disabled; server/db/seed.ts) and create the first admin when there is none. Answers the new
 * admin's credentials so the caller can print them once.
 */
export async function bootstrap(
  app: FastifyInstance,
  config: Config,
): Promise<{ email: string; password: string } | undefined> {
  const { services } = app;
  await seedDatabase({
    db: services.database.db,
    blogs: services.blogs,
    sampleContent: config.seedSampleContent,
    log: app.log,
  });
  if ((await services.admins.count()) > 0) return undefined;
  // The set-up card on the dashboard replaces it with the owner's real e-mail (issue 47).
  const email = generatedAdminEmail;
  const password = generatePassword();
  try {
    await services.admins.create(email, password);
  } catch (error) {
    // Another instance starting on the same new database made the first admin: it printed it.
    if (error instanceof Conflict) return undefined;
    throw error;
  }
  return { email, password };
}

export function printFirstAdmin(credentials: { email: string; password: string }, origin: string) {
  const line = "─".repeat(64);
  console.log(
    [
      line,
      "  First admin account created. This password is shown only once:",
      `    E-mail:   ${credentials.email}`,
      `    Password: ${credentials.password}`,
      `  Sign in at ${origin}/admin/login`,
      "  Change it with: npm run admin -- reset-password --email " + credentials.email,
      line,
    ].join("\n"),
  );
}
