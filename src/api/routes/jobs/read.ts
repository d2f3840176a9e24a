import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { findAccountJob } from '../../../db/queries/jobs';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { notFound } from '../../../errors/api-error';
import { requireJobScope } from '../../middleware/auth';
import { JOB_DEFINITIONS } from '../../../queue/jobs';
import type { RequestJobDefinition } from '../../../queue/jobs/define';
import { respondWithJob } from '../../submit-request-job';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';

/** Any request job's finished answer: the 200 body of the endpoint that started it. */
const finishedResult = v.union(
  JOB_DEFINITIONS.filter((def): def is (typeof JOB_DEFINITIONS)[number] & RequestJobDefinition => 'request' in def).map((def) => def.request.result),
);

export function registerJobs(app: App, rt: Pick<Runtime, 'db' | 'usage'>) {
  app.get(
    '/jobs/:id',
    describeRoute({
      tags: ['Jobs'],
      summary: 'Result of a request that answered 202',
      description:
        'While the job runs: 202 with `{ id, status: "processing" }`. Once done: exactly what the original endpoint answers ' + '(its 200 body, or its error).',
      responses: {
        200: {
          description: 'The finished result, in the original endpoint’s shape',
          content: { 'application/json': { schema: resolver(finishedResult) } },
        },
        202: acceptedJobResponse('Still running'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findAccountJob(rt.db, c.get('principal').accountId, c.req.param('id'));
      if (!row) throw notFound(`No job ${c.req.param('id')} on this account.`, 'id');
      requireJobScope(c.get('principal'), row);
      return respondWithJob(c, rt, row);
    },
  );
}
