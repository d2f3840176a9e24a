import { describe, expect, it } from 'vitest';
import { describeActivity } from '../../src/dashboard/activity-text';
import { AUDIT_ACTIONS } from '../../src/db/schema/dashboard';

describe('describeActivity', () => {
  it('words every audit action as a sentence, with or without a target and detail', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const e of [
        { action, target: 'thing_1', detail: { label: 'ci', name: 'Anna', filename: 'a.pdf', role: 'member', from: 'free', to: 'pro' } },
        { action, target: null, detail: null },
      ]) {
        const text = describeActivity(e);
        expect(text, action).toMatch(/^[a-z]/);
        expect(text, action).not.toMatch(/undefined|null|\[object/);
        // The raw action name is the fallback for actions the code does not know, never for known ones.
        expect(text, action).not.toContain(action);
      }
    }
  });

  it('names the thing acted upon the way the page shows it', () => {
    expect(describeActivity({ action: 'key.created', target: 'key_abc', detail: { label: 'ci', prefix: 'kiln_x' } })).toBe('created API key “ci” (key_abc)');
    expect(describeActivity({ action: 'key.revoked', target: 'key_abc', detail: null })).toBe('revoked API key key_abc');
    expect(describeActivity({ action: 'domain.added', target: 'example.com', detail: null })).toBe('added domain example.com');
    expect(describeActivity({ action: 'voice.deleted', target: 'voice_1', detail: { name: 'Narrator' } })).toBe('deleted cloned voice “Narrator” (voice_1)');
    expect(describeActivity({ action: 'file.deleted', target: 'file_1', detail: { filename: 'q3.pdf' } })).toBe('deleted file “q3.pdf” (file_1)');
    expect(describeActivity({ action: 'user.invited', target: 'a@example.com', detail: { role: 'owner' } })).toBe('invited a@example.com as an owner');
    expect(describeActivity({ action: 'user.signed_up', target: null, detail: { invited: true, role: 'member' } })).toBe(
      'accepted an invitation and joined as a member',
    );
    expect(describeActivity({ action: 'user.signed_up', target: null, detail: null })).toBe('created the account');
    expect(describeActivity({ action: 'user.removed', target: 'b@example.com', detail: { role: 'member' } })).toBe('removed b@example.com from the account');
    expect(describeActivity({ action: 'account.plan_changed', target: null, detail: { from: 'free', to: 'pro' } })).toBe('changed the plan from free to pro');
  });

  it('keeps only plain values from the detail: nothing else reaches the page', () => {
    expect(describeActivity({ action: 'key.created', target: 'key_abc', detail: { label: { html: '<b>' } } })).toBe('created API key key_abc');
  });

  it('reads an action it does not know as its name and target', () => {
    expect(describeActivity({ action: 'site.frobbed', target: 'site_1', detail: null })).toBe('site.frobbed site_1');
    expect(describeActivity({ action: 'site.frobbed', target: null, detail: null })).toBe('site.frobbed');
  });
});
