import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the package's scripts (`scripts/<name>.ts`) the way `npm run <name> -- …`
 * does, with `env` added to this process's environment and `input` on its stdin; under the
 * shell's `umask` when one is given (e.g. "000").
 */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  input = "",
  umask?: string,
): Promise<ScriptRun> {
  const command = [process.execPath, path.join(root, `scripts/${name}.ts`), ...args];
  return new Promise((resolve, reject) => {
    const [file, ...rest] =
      umask === undefined
        ? command
        : ["/bin/sh", "-c", `umask ${umask} && exec "$0" "$@"`, ...command];
    const child = spawn(file!, rest, {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
