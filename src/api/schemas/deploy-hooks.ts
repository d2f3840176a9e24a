import * as v from 'valibot';

export const createDeployHookBody = v.object({
  name: v.optional(
    v.pipe(v.string('must be a string'), v.trim(), v.maxLength(100, 'must be at most 100 characters'), v.description('A label to tell hooks apart.')),
  ),
  environment: v.optional(
    v.pipe(
      v.picklist(['production', 'preview'], 'must be production or preview'),
      v.description('What a call deploys: production (default) or a new preview.'),
    ),
    'production',
  ),
});
