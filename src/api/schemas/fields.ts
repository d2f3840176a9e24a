import * as v from 'valibot';
import { ERROR_CODES } from '../../errors/codes';

/** A required string: trimmed, blank counts as missing, capped in length. */
export const requiredText = (maxLength: number) =>
  v.pipe(v.string('must be a string'), v.trim(), v.nonEmpty('is required'), v.maxLength(maxLength, `must be at most ${maxLength} characters`));

export const errorEnvelopeSchema = v.object({
  error: v.object({
    code: v.pipe(v.picklist(ERROR_CODES), v.description('One of a closed set; each code always answers with the same HTTP status.')),
    message: v.string(),
    param: v.optional(
      v.pipe(
        v.string(),
        v.description(
          'The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`).',
        ),
      ),
    ),
    request_id: v.optional(v.string()),
  }),
});

export const timestamp = v.pipe(v.string(), v.isoTimestamp());
