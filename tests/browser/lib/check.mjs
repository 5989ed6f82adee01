// How every check under tests/browser ends: one line on stdout and exit 0 when what it checks
// holds, one line on stderr and exit 1 when it does not, exit 2 when it was called wrongly.

/// What a check throws when what it checks does not hold (as opposed to a crash of the check).
export class CheckFailure extends Error {}

/// What a check throws when its command line is wrong.
export class UsageError extends Error {}

/// Runs the check `main` (async) as the whole program: prints `NAME: ok: <what main returns>` on
/// stdout and exits 0, or `NAME: FAIL: <why>` on stderr and exits 1 (2 for a usage error, which
/// main signals by throwing a UsageError).
export async function runCheck(name, main) {
  try {
    const summary = await main();
    process.stdout.write(`${name}: ok: ${summary}\n`);
  } catch (error) {
    const usage = error instanceof UsageError;
    // A system error (a missing file, say) is its message; anything else is a bug, with its stack.
    const expected = error instanceof CheckFailure || usage || typeof error?.code === 'string';
    const why = expected ? error.message : error.stack || String(error);
    process.stderr.write(`${name}: ${usage ? 'usage' : 'FAIL'}: ${why}\n`);
    process.exitCode = usage ? 2 : 1;
  }
}

