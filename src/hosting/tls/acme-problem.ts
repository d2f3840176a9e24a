/**
 * An ACME problem document (RFC 8555 §6.7, on RFC 7807) as a domain keeps it when issuing its certificate
 * failed. `type` is absent when the failure was not the CA's answer (the CA unreachable, a timeout): then
 * `detail` is Kiln's own description.
 */
export interface AcmeProblem {
  /** e.g. urn:ietf:params:acme:error:connection */
  type?: string;
  detail: string;
  /** The HTTP status the CA gave with the problem. */
  status?: number;
  /** Per-identifier problems (RFC 8555 §6.7.1). */
  subproblems?: { type?: string; detail?: string; status?: number; identifier?: { type: string; value: string } }[];
}

/** Keeps the fields RFC 8555 defines from whatever the CA sent (it may be absent, or not an object). */
export function toAcmeProblem(raw: unknown, fallbackDetail: string): AcmeProblem {
  const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);
  const num = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) ? x : undefined);
  const problem: AcmeProblem = { detail: str(o.detail) ?? fallbackDetail };
  if (str(o.type)) problem.type = str(o.type);
  if (num(o.status)) problem.status = num(o.status);
  if (Array.isArray(o.subproblems) && o.subproblems.length > 0) {
    problem.subproblems = o.subproblems.map((s) => {
      const sub = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
      const id = (typeof sub.identifier === 'object' && sub.identifier !== null ? sub.identifier : null) as Record<string, unknown> | null;
      return {
        ...(str(sub.type) ? { type: str(sub.type) } : {}),
        ...(str(sub.detail) ? { detail: str(sub.detail) } : {}),
        ...(num(sub.status) ? { status: num(sub.status) } : {}),
        ...(id && str(id.type) && str(id.value) ? { identifier: { type: str(id.type)!, value: str(id.value)! } } : {}),
      };
    });
  }
  return problem;
}

/** The problem in one line, for logs and the `ssl_error_message` text. */
export function describeProblem(problem: object | undefined): string {
  const { type, detail } = (problem ?? {}) as { type?: string; detail?: string };
  return [detail, type && `(${type})`].filter(Boolean).join(' ') || 'no detail given by the CA';
}
