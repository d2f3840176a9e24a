import * as v from 'valibot';
import { SITE_ID_PATTERN } from '../../hosting/urls';
import { requiredText } from './fields';

export const siteIdField = v.pipe(
  requiredText(40),
  v.regex(SITE_ID_PATTERN, 'must be 1–40 lowercase letters, digits and hyphens, not starting or ending with a hyphen'),
  v.description('Hosted site identifier; the site is created on first use.'),
);
