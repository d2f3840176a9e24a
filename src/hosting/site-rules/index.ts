export { HEADER_LIMITS, parseHeaders, REFUSED_HEADERS } from './parse-headers';
export { parseRedirects, REDIRECT_LIMITS } from './parse-redirects';
export { applyHeaderSet, compileSiteRules, type HeaderSet, type RedirectMatch, SiteRuleMatcher } from './site-rule-matcher';
export type { HeaderRule, RedirectRule, RuleProblem, SiteRules } from './types';
export { isRuleFile, readSiteRules, RULE_FILES } from './read-site-rules';
