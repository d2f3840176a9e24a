import type { AuditAction } from '../db/schema';

/** What the Activity page knows of an audit row when it words it. */
export interface ActivityEvent {
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
}

/** A detail field as text, or undefined when it is missing or not a plain value. */
function field(e: ActivityEvent, key: string): string | undefined {
  const value = e.detail?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `“name” (id)`, `“name”`, `id`, or the fallback: whatever is known of the thing acted upon. */
function named(name: string | undefined, id: string | null, fallback: string): string {
  if (name && id) return `“${name}” (${id})`;
  if (name) return `“${name}”`;
  return id ?? fallback;
}

const role = (e: ActivityEvent) => {
  const r = field(e, 'role');
  return r === 'owner' ? 'an owner' : r === 'member' ? 'a member' : undefined;
};

/**
 * One sentence per action, without its subject (the page shows who did it next to it): "created API key
 * “ci” (key_…)". The record is keyed by every audit action, so adding one without wording it fails to
 * compile; rows with an action this code does not know (written by a newer version) still read sensibly.
 */
const SENTENCES: Record<AuditAction, (e: ActivityEvent) => string> = {
  'user.signed_in': () => 'signed in',
  'user.signed_out': () => 'signed out',
  'user.signed_up': (e) => {
    if (e.detail?.invited !== true) return 'created the account';
    const as = role(e);
    return as ? `accepted an invitation and joined as ${as}` : 'accepted an invitation and joined';
  },
  'user.invited': (e) => {
    const as = role(e);
    return `invited ${e.target ?? 'someone'}${as ? ` as ${as}` : ''}`;
  },
  'user.reset_requested': (e) => `made a password reset link for ${e.target ?? 'a member'}`,
  'user.password_reset': () => 'set a new password with a reset link',
  'user.removed': (e) => `removed ${e.target ?? 'a member'} from the account`,
  'key.created': (e) => `created API key ${named(field(e, 'label'), e.target, 'a key')}`,
  'key.revoked': (e) => `revoked API key ${named(field(e, 'label'), e.target, 'a key')}`,
  'domain.added': (e) => `added domain ${e.target ?? field(e, 'hostname') ?? 'a domain'}`,
  'domain.removed': (e) => `removed domain ${e.target ?? field(e, 'hostname') ?? 'a domain'}`,
  'domain.checked': (e) => {
    const status = field(e, 'status');
    return `checked domain ${e.target ?? field(e, 'hostname') ?? 'a domain'}${status ? ` (${status})` : ''}`;
  },
  'deployment.rolled_back': (e) => `rolled back to deployment ${e.target ?? 'an earlier deployment'}`,
  'deployment.redeployed': (e) => `redeployed deployment ${e.target ?? 'a deployment'}`,
  'deployment.promoted': (e) =>
    `promoted preview ${field(e, 'from') ?? 'a preview'} of site ${field(e, 'site') ?? 'a site'} to production as ${e.target ?? 'a new deployment'}`,
  'deployment.uploaded': (e) => `deployed an uploaded archive to site ${field(e, 'site') ?? 'a site'} as ${e.target ?? 'a deployment'}`,
  'deployment.digests_sent': (e) => {
    const files = field(e, 'files');
    const required = field(e, 'required');
    return `deployed ${files ?? 'the'} files by digests to site ${field(e, 'site') ?? 'a site'} as ${e.target ?? 'a deployment'}${required ? ` (${required} contents to upload)` : ''}`;
  },
  'deployment.finalized': (e) => `finished uploading deployment ${e.target ?? 'a deployment'}; its build was queued`,
  'deploy_hook.created': (e) => `created deploy hook ${named(field(e, 'name'), e.target, 'a hook')} of site ${field(e, 'site') ?? 'a site'}`,
  'deploy_hook.deleted': (e) => `deleted deploy hook ${named(field(e, 'name'), e.target, 'a hook')} of site ${field(e, 'site') ?? 'a site'}`,
  'deploy_hook.triggered': (e) =>
    `called deploy hook ${named(field(e, 'name'), e.target, 'a hook')}, redeploying site ${field(e, 'site') ?? 'a site'} as ${field(e, 'deployment') ?? 'a new deployment'}`,
  'voice.deleted': (e) => `deleted cloned voice ${named(field(e, 'name'), e.target, 'a voice')}`,
  'file.deleted': (e) => `deleted file ${named(field(e, 'filename'), e.target, 'a file')}`,
  'account.plan_changed': (e) => {
    const from = field(e, 'from');
    const to = field(e, 'to') ?? e.target ?? undefined;
    if (from && to) return `changed the plan from ${from} to ${to}`;
    return to ? `changed the plan to ${to}` : 'changed the plan';
  },
  'webhook.created': (e) => `added webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')}`,
  'webhook.deleted': (e) => `deleted webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')}`,
  'webhook.enabled': (e) => `enabled webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')} again`,
  'deployment.created': (e) => `deployed ${field(e, 'source_url') ?? 'a source URL'} to site ${field(e, 'site') ?? 'a site'} as ${e.target ?? 'a deployment'}`,
  'domain.verified': (e) => `verified domain ${e.target ?? 'a domain'}`,
  'domain.failed': (e) => `failed to verify domain ${e.target ?? 'a domain'} (its verification window ended)`,
  'webhook.updated': (e) => `changed webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')}`,
  'webhook.disabled': (e) => `disabled webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')}`,
  'webhook.test_sent': (e) => `sent a test event to webhook endpoint ${named(field(e, 'url'), e.target, 'an endpoint')}`,
  'webhook.delivery_replayed': (e) => `replayed webhook delivery ${e.target ?? 'a delivery'} to ${field(e, 'url') ?? 'its endpoint'}`,
  'file.uploaded': (e) => `uploaded file ${named(field(e, 'filename'), e.target, 'a file')}`,
  'voice.clone_requested': (e) => `started cloning voice ${named(field(e, 'name'), e.target, 'a voice')}`,
  'plagiarism_source.created': (e) => `added plagiarism source ${named(field(e, 'url'), e.target, 'a source')}`,
  'plagiarism_source.deleted': (e) => `deleted plagiarism source ${named(field(e, 'url'), e.target, 'a source')}`,
};

export function describeActivity(e: ActivityEvent): string {
  const sentence = (SENTENCES as Record<string, ((e: ActivityEvent) => string) | undefined>)[e.action];
  if (sentence) return sentence(e);
  return e.target ? `${e.action} ${e.target}` : e.action;
}
