import { describeRoute } from 'hono-openapi';
import type { Feature } from '../../db/queries/accounts';
import { findAccountJob } from '../../db/queries/jobs';
import { isRequestJobName, type RequestJobName } from '../../queue/registry';
import type { Runtime } from '../../runtime';
import type { App } from '../context';
import { forbidden, notFound } from '../errors';
import { requireScope } from '../middleware/auth';
import { respondWithJob } from '../request-jobs';
import { errorResponses } from '../schemas/responses';

/**
 * The product each request job belongs to. A job's result is what its own endpoint answers, so a key
 * limited to other products may not read it (one rule, the endpoint's own): a key of any scope that
 * includes the product may, whichever key created it. Typed over every request job, so a new kind
 * must say its product here.
 */
const JOB_PRODUCT: Record<RequestJobName, Feature> = {
  'text.generate': 'text',
  'plagiarism.check': 'plagiarism',
  'image.generate': 'image',
  'voice.synthesize': 'voice',
  'file.ingest': 'files',
  'file.chat': 'files',
};

export function registerJobs(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/jobs/:id',
    describeRoute({
      tags: ['Jobs'],
      summary: 'Result of a request that answered 202',
      description:
        'While the job runs: 202 with `{ id, status: "processing" }`. Once done: exactly what the original endpoint answers ' + '(its 200 body, or its error).',
      responses: {
        200: { description: 'The finished result, in the original endpoint’s shape' },
        202: { description: 'Still running' },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findAccountJob(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!row) throw notFound(`No job ${c.req.param('id')} on this account.`);
      const principal = c.get('principal');
      // Rows are only ever request jobs; a kind this version no longer knows is left to unscoped keys.
      if (isRequestJobName(row.kind)) requireScope(principal, JOB_PRODUCT[row.kind]);
      else if (principal.scopes !== null) throw forbidden(`Job ${row.id} belongs to no product this key is scoped to.`);
      return respondWithJob(c, row);
    },
  );
}
