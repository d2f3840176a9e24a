/** The client commands `bin/kiln.mjs` sends here; any other first word goes to the operator CLI (src/cli.ts). */
export const CLIENT_COMMANDS = ['help', 'login', 'logout', 'deploy', 'deployments', 'rollback', 'logs'] as const;

export const USAGE = `Usage: kiln <command> [options]

Deploy and manage hosted sites through Kiln's public API (any machine; no database access).

  kiln deploy DIR --site SITE [--preview] [--message TEXT] [--json]
      Hash DIR, upload only the files the server lacks, follow the build log, print the URL.
      Left out: names starting with a dot (.git, .env, .DS_Store) except .well-known, __MACOSX,
      and node_modules when DIR holds a package.json (as Netlify CLI does).
  kiln deployments [--site SITE] [--limit N] [--json]
      The latest deployments, newest first.
  kiln rollback DEPLOYMENT_ID [--json]
      Make an earlier published deployment live again.
  kiln logs DEPLOYMENT_ID [--follow] [--json]
      The build log; --follow streams it until the build ends.
  kiln login [--key KEY]
      Check an API key and store it (reads it from stdin when --key is absent: prompt or pipe).
  kiln logout
      Forget the stored key.

Options:
  --site SITE       the site (or KILN_SITE)
  --api-url URL     the Kiln server (or KILN_API_URL; default the one stored by login, else http://localhost:3000)
  --json            print exactly one JSON object on stdout ({"error":{"code","message"}} on failure);
                    messages for people go to stderr
  -h, --help        this text

Environment:
  KILN_API_KEY      the API key (wins over the stored one)
  KILN_API_URL      the server
  KILN_SITE         the default --site
  The key is stored in $XDG_CONFIG_HOME/kiln/config.json (else ~/.config/kiln/config.json), mode 0600.

Exit codes:
  0  done (deploy: the deployment is published)
  1  failed: the deployment failed, the API answered an error, or the server could not be reached
  2  bad usage or configuration (unknown option, missing --site, unreadable config file, empty folder)
  3  authentication: no key, or the key was refused (401) or lacks the hosting scope (403)

Operator commands (run where the server runs; they need DATABASE_URL):
  kiln accounts|users|keys|corpus …   see kiln accounts --help
`;
