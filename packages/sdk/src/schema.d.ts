// Generated from the Kiln OpenAPI document by openapi-typescript (npm run sdk:generate). Do not edit:
// a test fails when this file is stale against the routes.

export interface paths {
    "/v1/hosting/hooks/{hook_id}/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call a deploy hook
         * @description Redeploys the hook’s site from its latest content (as POST /v1/hosting/deployments without `source_url`), with the same `deployment.*` events. No API key: the URL’s secret is the credential. Any body is ignored. At most 10 calls a minute per hook (429 with `Retry-After`); an unknown or deleted hook, or a wrong secret, is 404. Each call is in the account’s activity log (the dashboard’s Activity page) with the caller’s address and the deployment it started.
         */
        post: operations["postV1HostingHooksByHookIdBySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage in the current billing period
         * @description Totals of everything billed to the account since the start of the current calendar month (UTC). With `group_by`, the answer adds `breakdown`: the same totals split by day, by API key or by product, read together with the totals so that the entries add up to them exactly. `plan` names the account’s plan; `limits` gives each metric’s quota, use and what is left (`limit` and `remaining` null: unlimited); `rate_limit` is the request rate limit as this answer’s `RateLimit-*` headers give it. `storage` is what the account stores now (files and hosted sites) against its plan’s allowance. `hosting` is the period’s traffic of the account’s hosted sites.
         */
        get: operations["getV1Usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/text/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write, rewrite or paraphrase text
         * @description `write` composes a piece on the prompt’s subject; `rewrite` and `paraphrase` take the content to transform from `prompt`. `tokens_used` = prompt tokens + output tokens (o200k tokenizer); the output never exceeds `max_tokens`. Answers 202 with a job link if generation takes longer than the synchronous wait. With `stream: true` the answer is `text/event-stream` instead (billed once, like the non-streamed answer). Without `language` the prompt’s language is detected; the built-in engine refuses text that is not English (400 `invalid_parameter`, naming the language detected) rather than return nonsense: an OpenAI-compatible provider (`TEXT_PROVIDER=openai`) works in any language.
         */
        post: operations["postV1TextGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plagiarism/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a text for plagiarism
         * @description Compares the text with the account’s own sources and the operator’s shared corpus (`scope`; each match names its `source`), by winnowed fingerprints of normalised words: case, punctuation, stop words, stemming and synonyms do not hide a copy). `score` is the share of the text covered by matched passages; verdict: original < 0.10 ≤ mostly_original < 0.30 ≤ mixed < 0.60 ≤ plagiarised. `matches` has one entry per source passage. Paraphrases are matched too: sentences are aligned with the source sentence by sentence (shared words and WordNet synonyms, in any order), and each match gives a `breakdown` of its words: `identical`, `lightly_changed` (another form of the same word) and `paraphrased` (a synonym or other wording), shares that sum to 1. Each check counts one `plagiarism_checks` against the plan’s quota (GET /v1/usage); past it the check answers 429 `quota_exceeded`.
         */
        post: operations["postV1PlagiarismCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plagiarism/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account’s plagiarism sources
         * @description The account’s own sources, newest first (ties by id), each as GET /v1/plagiarism/sources/{id} answers it (the shared corpus is not listed). Page with `starting_after` (the last `id` of a page) while `has_more` is true.
         */
        get: operations["getV1PlagiarismSources"];
        put?: never;
        /**
         * Add a plagiarism source of the account’s own
         * @description Adds a reference document that only this account’s checks compare with (`scope` `account` or `all` of POST /v1/plagiarism/check); other accounts never see or match it. Send JSON `{"text", "url", "title"?}`, or `multipart/form-data` with the document in a part named `file` (a PDF with a text layer, a .docx, or UTF-8 text; at most 20 MB; the type is read from the content) and `url` (and `title`) as text parts. Answers 201 with the source `pending`: the corpus worker fingerprints it and it turns `ready` (poll GET /v1/plagiarism/sources/{id}), or `failed` with `error`. The bytes sent count against the plan’s storage allowance until the source is deleted. A `url` the account already uses answers 409 `conflict` naming that source.
         */
        post: operations["postV1PlagiarismSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plagiarism/sources/{source_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one plagiarism source
         * @description One of the account’s sources: poll it after adding one until `status` is `ready` (or `failed`). Another account’s source answers 404.
         */
        get: operations["getV1PlagiarismSourcesBySourceId"];
        put?: never;
        post?: never;
        /**
         * Delete a plagiarism source
         * @description Removes the source, its text and its fingerprints at once: no check that starts afterwards can match it. Results of earlier checks stay as they were; its bytes no longer count against the storage allowance. A second delete answers 404.
         */
        delete: operations["deleteV1PlagiarismSourcesBySourceId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/image/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate images from a prompt
         * @description Renders `count` PNG images of exactly `size` pixels. Links are signed and expire 24 hours after generation. Answers 202 with a job link if rendering takes longer than the synchronous wait. Each image carries `revised_prompt` (OpenAI's field): what the picture shows, so a prompt the built-in renderer cannot draw is visible as such; and `note` when the provider's model drew it at another size that Kiln scaled and cropped to `size`.
         */
        post: operations["postV1ImageGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/synthesize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speak text as audio
         * @description Synthesises `text` with a built-in or cloned voice, as MP3 unless `format` says otherwise. The file is served, with the `content_type` the answer gives, by a signed link that expires 24 hours after generation; `duration_seconds` is measured from the audio, and usage bills whole seconds (rounded up). Answers 202 with a job link if synthesis takes longer than the synchronous wait.
         */
        post: operations["postV1VoiceSynthesize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clone a voice from a sample
         * @description Records the voice as `processing` and queues its analysis: the sample is decoded and the speaker’s pitch, pitch range, speaking rate and brightness are measured. Poll GET /v1/voices/{voice_id} until `ready` (or `failed`, with `error`: a sample under 10 seconds, or without speech, fails).
         *
         *     Give the sample one of two ways, not both: `sample_url` in a JSON body (downloaded from a public address), or the file itself as `multipart/form-data` in a part named `file`, with `name` as a text part (`curl -F file=@sample.wav -F name=Narrator`). An upload is capped like a download (413 `file_too_large` past `VOICE_SAMPLE_MAX_BYTES`, 50 MB by default) and refused at once (415 `unsupported_file_type`) when its content is not WAV or MP3, whatever its name. With `Idempotency-Key`, an upload is identified by its name and the SHA-256 of the file, so a retry with the same file and name answers the same voice.
         */
        post: operations["postV1VoiceClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voices
         * @description The built-in voices (`type: "builtin"`, in the catalogue’s order) followed by this account’s cloned voices (`type: "cloned"`, oldest first). Page with `starting_after` (the last `voice_id` of a page) while `has_more` is true.
         */
        get: operations["getV1Voices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{voice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a voice (poll a clone)
         * @description A built-in voice, or one of this account's cloned voices. A clone answers `processing` until its analysis is done, then `ready` (usable as `voice` in POST /v1/voice/synthesize) or `failed` with the reason in `error`.
         */
        get: operations["getV1VoicesByVoiceId"];
        put?: never;
        post?: never;
        /**
         * Delete a cloned voice
         * @description Removes the voice and its measured profile; audio already made with it stays available until its link expires.
         */
        delete: operations["deleteV1VoicesByVoiceId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/file/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a PDF, .docx or CSV for file chat
         * @description Send the document as `multipart/form-data` in a part named `file` (at most 20 MB). The type is decided by the content, not the name. The answer comes once the document is parsed and indexed (201); a large document may answer 202 with a job link instead. A PDF page without a text layer (a scan) is read by text recognition (English); a PDF in which neither finds any words answers 422 `invalid_file`. A file over a per-file limit (by default 2,000 PDF pages, 100 scanned pages, 25 megapixels per image and 40 per page on a page drawn for recognition, 5,000,000 characters of text, 8,000 passages, 200,000 CSV rows) answers 422 `file_too_complex` naming the limit, decided before any of it is stored. The file counts against the plan’s storage allowance (`GET /v1/usage` shows `storage`) until it is deleted; an upload that does not fit answers 413 `storage_quota_exceeded`.
         */
        post: operations["postV1FileUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/file/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a question about an uploaded file
         * @description Answers from the document only, with `sources` (most relevant first) quoting its own words: for PDF the 1-based page, for .docx the page the document records, for CSV the first data row of the cited range (the excerpt names the range, e.g. `rows 41-60: …`). Questions about a CSV’s data (count, sum, average, minimum, maximum, filters, grouping) are computed exactly. Each answer counts as one file chat.
         *
         *     Every answer carries a `conversation_id`: send it back with the next message to ask a follow-up ("and in 2023?", "who signed it?") in the context of the earlier turns. `file_ids` (up to 10) asks one question of several files; every source names the `file_id` it quotes.
         */
        post: operations["postV1FileChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List uploaded files
         * @description The account’s files that are ready for chat, newest first, each as the upload answered it, with the state of its semantic index (`semantic_index`). An upload still being parsed, or one that was refused, is not listed.
         */
        get: operations["getV1Files"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an uploaded file
         * @description The file as the list shows it: the upload’s answer and the state of its semantic index (`semantic_index`), so a client can poll until it is `ready`. An upload still being parsed, or one that was refused, is not a file yet: 404 `file_not_found`, whose message says to poll the upload’s job (GET /v1/jobs/{id}, the same id). Another account’s file is not found either.
         */
        get: operations["getV1FilesByFileId"];
        put?: never;
        post?: never;
        /**
         * Delete an uploaded file
         * @description Removes the file, its indexed passages and rows, and the stored original; it can no longer be used in file chat. Answers already given stay as they were; the file no longer counts against the storage allowance. A second delete answers 404.
         */
        delete: operations["deleteV1FilesByFileId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Result of a request that answered 202
         * @description While the job runs: 202 with `{ id, status: "processing" }`. Once done: exactly what the original endpoint answers (its 200 body, or its error).
         */
        get: operations["getV1JobsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job’s events, live or replayed (reconnect with Last-Event-ID)
         * @description The events of `POST /v1/text/generate` with `stream: true`, from the start or, with a `Last-Event-ID` header, from after that event: no gaps, no repeats. A finished job replays what is stored and its `done` (or `error`); a job that was not streamed, or whose events have expired (an hour after it finished), gives its whole text as one `delta`, then `done`. Any job can be followed this way; one without text gets just `done`.
         */
        get: operations["getV1JobsByIdEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a text job that is still running
         * @description Text jobs (`gen_…` from POST /v1/text/generate, `cmpl_…` from POST /v1/chat/completions) stop where they are: the job fails with `cancelled`, its stream (if any) ends with an `error` event, and only what was produced is billed (the prompt and the tokens streamed so far; nothing if it had not started). A chat completion the web process is answering in place (no row until it ends) is found in its account's running calls and stopped the same way. A finished job, or another kind of job, is 409 `conflict`.
         */
        post: operations["postV1JobsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deployments
         * @description The account’s deployments, newest first (ties by id), each as GET /v1/hosting/deployments/{id} answers it. Page with `starting_after` (the last `id` of a page) while `has_more` is true.
         */
        get: operations["getV1HostingDeployments"];
        put?: never;
        /**
         * Deploy a site from an archive
         * @description Records a `pending` deployment and queues its build: the archive (`.zip` or `.tar.gz`, recognised by content) is downloaded, extracted safely and published atomically. Without `source_url` the site’s most recent content is redeployed. Poll GET /v1/hosting/deployments/{id}.
         *
         *     Or upload the archive itself: `multipart/form-data` with the archive in a part named `file` and `site_id` (and `environment`) as text parts, in any order. The archive is capped like a downloaded one (413 past `DEPLOY_MAX_ARCHIVE_BYTES`) and is refused at once (415) when it is not a zip or tar.gz. With `Idempotency-Key`, an upload is identified by its fields and the SHA-256 of the archive, so a retry with the same file and fields is answered from the first.
         *
         *     The site’s files count against the plan’s storage allowance: each distinct file content once per account, however many deployments serve it. A build whose new contents do not fit fails (`error` names the bytes used and allowed); a deploy request when nothing is left answers 413 `storage_quota_exceeded`.
         *
         *     Or deploy by file digests (only what changed is uploaded): `files` maps each site path to the SHA-256 of its content. The answer (201, `status: uploading`) lists in `required` the contents the account does not hold yet; PUT each to /v1/hosting/deployments/{id}/files/{sha256}, and the build starts once none is missing (at once, `pending`, when `required` is empty). Paths follow the archive rules (400 otherwise).
         */
        post: operations["postV1HostingDeployments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}/files/{sha256}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload one file content of a deployment by digests
         * @description The raw bytes (`application/octet-stream`) of a content the deployment listed in `required`; they must hash to `{sha256}` (400 otherwise, nothing stored). Capped like an archive’s files: 413 `file_too_large` past the per-file limit (100 MiB, or `DEPLOY_MAX_ARCHIVE_BYTES` when lower) or when the site’s distinct contents would pass 500 MiB. Uploading a content already received (a retry) answers 200 again and changes nothing; a hash the manifest does not name is 409. The upload of the last missing content queues the build (`status` turns `pending`).
         */
        put: operations["putV1HostingDeploymentsByIdFilesBySha256"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the build of a deployment by digests
         * @description Queues the build once every required content has been uploaded (the last upload does this by itself, so this is for a client that wants to say so). 409 naming how many are still missing, or when the deployment failed (an `uploading` deployment idle for an hour is failed by the sweep). A deployment already past `uploading` is answered as it is.
         */
        post: operations["postV1HostingDeploymentsByIdFinalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a deployment
         * @description `url` is present once the deployment has been published; a failed one carries `error`.
         */
        get: operations["getV1HostingDeploymentsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Build log of a deployment
         * @description What the build did, line by line with its level (`info`, `warn`, `error`): files taken, rules read, and why a failed deployment failed. Lines are kept with the deployment; `status` is the deployment's status when the log was read. With `Accept: text/event-stream` (or `follow=true`) the log is followed live instead: the lines so far, each new line as the build writes it, and `done` with the deployment once it is published or has failed.
         */
        get: operations["getV1HostingDeploymentsByIdLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an earlier deployment live again
         * @description The target must have been published at some time; it becomes the live deployment of its site and environment at once (status `rolled_back`). Later deployments keep their own status.
         */
        post: operations["postV1HostingDeploymentsByIdRollback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/deployments/{id}/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a published preview the production deployment
         * @description Without rebuilding: a new production deployment (`promoted_from` the preview) serving the same files becomes live in one switch, and the answer comes once the edges serve it (`published`, with a `deployment.published` event). The preview stays at its own address. 409 when the deployment is not a preview or not published, or when production already serves this preview (promotes of one preview run one at a time, so parallel requests make one production deployment). Roll back as after any deploy.
         */
        post: operations["postV1HostingDeploymentsByIdPromote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/sites/{site_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A site and what it serves
         * @description The site’s production address, the production deployment live there, and its current preview, each as GET /v1/hosting/deployments/{id} answers it, and the bytes its proxy rules relayed this billing period. 404 for a site that is not this account’s.
         */
        get: operations["getV1HostingSitesBySiteId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/sites/{site_id}/hooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a site’s deploy hooks
         * @description The site’s hooks (at most 50), oldest first, never with their URL: that was shown once.
         */
        get: operations["getV1HostingSitesBySiteIdHooks"];
        put?: never;
        /**
         * Create a deploy hook
         * @description A secret URL that redeploys the site’s latest content when POSTed to, without an API key (for a CMS, a cron job, a CI step). The `url` is shown only in this answer: only a hash of its secret is kept. At most 50 hooks per site.
         */
        post: operations["postV1HostingSitesBySiteIdHooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/sites/{site_id}/hooks/{hook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a deploy hook
         * @description Its URL stops working at once (404). A second delete answers 404.
         */
        delete: operations["deleteV1HostingSitesBySiteIdHooksByHookId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom domains
         * @description The account’s domains, newest first, each as GET /v1/hosting/domains/{domain} answers it. A domain is named by itself, so the cursor is the `domain` of the last (or first) item of a page.
         */
        get: operations["getV1HostingDomains"];
        put?: never;
        /**
         * Attach a custom domain to a site
         * @description Answers the DNS records to create at the registrar: an ownership TXT record and a routing record (CNAME for a subdomain, A for an apex domain). The service then checks for them automatically, backing off from about a minute to an hour, for 48 hours. With `with_www`, the other name of the pair is added too and answered as `paired_domain`, with its own records.
         */
        post: operations["postV1HostingDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/domains/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verification and certificate status of a domain
         * @description Also answers the `dns_records` to configure (the same as when the domain was added) and `verification`: what the last check saw for each record (`found`, `missing`, `wrong_value`) and when the next automatic check runs.
         */
        get: operations["getV1HostingDomainsByDomain"];
        put?: never;
        post?: never;
        /**
         * Detach a domain
         * @description Irreversible; traffic for the domain stops at once. Removing one name of a www/apex pair leaves the other as a domain of its own, serving the site itself.
         */
        delete: operations["deleteV1HostingDomainsByDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hosting/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the DNS records now
         * @description Runs a verification check at once and answers the domain as GET does. On a failed domain it starts a new 48-hour window.
         */
        post: operations["postV1HostingDomainsByDomainVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The account’s endpoints, newest first, each as GET /v1/webhooks/{id} answers it (never with its secret).
         */
        get: operations["getV1Webhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Events of the chosen types are POSTed to `url` as `{type, timestamp, data}`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer carries the signing `secret`, shown only here. A URL whose host is a non-public address is refused here when it is an IP or `localhost`, and at every delivery whatever it resolves to. Every /v1/webhooks route needs the `webhooks` scope (or a key without scopes): an endpoint receives every product's events. An account has at most `WEBHOOK_MAX_ENDPOINTS` endpoints (default 20); one more is refused with 422 `limit_reached`.
         */
        post: operations["postV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint
         * @description Its settings and health: `status` is `failing` while deliveries fail without a success, `disabled` once five days of that (or a 410) stopped them.
         */
        get: operations["getV1WebhooksById"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Irreversible: nothing more is sent to it, retries under way stop, and its delivery log goes with it. A second delete answers 404.
         */
        delete: operations["deleteV1WebhooksById"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes `url`, `event_types` or `description` (only the fields sent; the same rules as when adding it). The signing secret, the delivery log and the endpoint’s health stay: a disabled endpoint stays disabled until enabled. Deliveries already made or queued keep going to the URL the attempt reads when it runs: a retry after the change goes to the new URL.
         */
        patch: operations["patchV1WebhooksById"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log of an endpoint
         * @description Every event sent (or being sent) to the endpoint, newest first: its status, how many attempts were made, and the last attempt’s status code, duration and the first 500 characters of the answer (or why there was none).
         */
        get: operations["getV1WebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description One more attempt of a finished delivery (succeeded or failed), now, with the same `webhook-id` and body and a fresh timestamp and signature; no retries follow it. Answers the delivery, `pending` until the attempt is made.
         */
        post: operations["postV1WebhooksByIdDeliveriesByDeliveryIdReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a `webhook.test` event to this endpoint only (whatever its `event_types`), signed and retried like any other. Answers its delivery, `pending` until the first attempt is made; follow it in the delivery log.
         */
        post: operations["postV1WebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled webhook endpoint
         * @description Sends events to an endpoint again after five days of failures (or a 410) disabled it: clears `disabled_at`, `disabled_reason` and `failing_since`, so a new streak of failures starts from zero. Events that happened while it was disabled are not sent (their deliveries stay `failed`; replay the ones you need). Enabling an endpoint that is not disabled changes nothing.
         */
        post: operations["postV1WebhooksByIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description Every change made to the account, newest first, by whoever made it: a dashboard user, an API key (by label and display prefix), the operator’s CLI, a deploy hook, or Kiln itself (a scheduled domain check). Each event is written in the same transaction as its change. Jobs that generate (text, images, speech, chats, plagiarism checks) are usage, not audit events: see GET /v1/usage. Needs a key with the `audit` scope (or a key without scopes). Page with `starting_after` (the last `id` of a page) while `has_more` is true.
         */
        get: operations["getV1AuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Chat completion (OpenAI-compatible)
         * @description OpenAI's Chat Completions API on Kiln: the same quota hold, bill (text tokens), job record and provider as POST /v1/text/generate. An OpenAI-compatible provider (`TEXT_PROVIDER=openai`) gets the messages as sent, called by the web process itself (no queue hop) while the account has fewer than IN_PLACE_CALLS_PER_ACCOUNT such calls running, and through the queue otherwise or to retry a provider failure; the built-in engine (`kiln-local-text`) writes on the last user message, on a worker. With `stream: true` the answer is OpenAI’s `chat.completion.chunk` events ending in `data: [DONE]` (`stream_options.include_usage` adds the usage chunk). Tools, structured output, `n` > 1 and log probabilities are refused (400 naming the field).
         */
        post: operations["postV1ChatCompletions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embeddings (OpenAI-compatible)
         * @description Vectors of the inputs, in order, from EMBEDDINGS_PROVIDER's model (the one `GET /v1/models` lists): with the built-in engine `kiln-local-embeddings` (256 dimensions, unit length, English words; static word vectors averaged, so word order is not seen). `encoding_format: base64` gives the little-endian float32 bytes. Billed as text tokens of the inputs, under the `text` product and scope.
         */
        post: operations["postV1Embeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate images (OpenAI-compatible)
         * @description OpenAI’s Images API on Kiln’s `image.generate` job (same queue, quota and bill, `images_generated`). `model` may be omitted; `size` must be one Kiln draws (`auto` is 1024x1024), others are refused naming them. `response_format: url` (the default) gives Kiln’s signed link (24 hours), `b64_json` the PNG itself. `quality`, `style` and `background` change nothing.
         */
        post: operations["postV1ImagesGenerations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio/speech": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speech (OpenAI-compatible)
         * @description OpenAI’s Speech API on Kiln’s `voice.synthesize` job (same queue, quota and bill, `audio_seconds`); answers the audio bytes. OpenAI’s voice names (alloy, echo, nova, …) speak with Kiln’s default voice; any other `voice` is a Kiln voice id (built-in or a clone). `response_format` mp3, wav or pcm (24 kHz 16-bit little-endian); `speed` from 0.5 to 2.0. English unless the voice says otherwise.
         */
        post: operations["postV1AudioSpeech"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List models (OpenAI-compatible)
         * @description The model each OpenAI-compatible endpoint serves, for the products this key may use: the configured provider’s model, or the built-in engine’s `kiln-local-text`, `kiln-local-embeddings`, `kiln-local-image`, `kiln-local-speech`.
         */
        get: operations["getV1Models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a model (OpenAI-compatible)
         * @description One model this key may use, in OpenAI’s model object: the configured provider’s model of a kind, or the built-in engine’s `kiln-local-…` name. Any other id, or a model of a kind the key’s scopes exclude, is 404 `model_not_found` in OpenAI’s error shape.
         */
        get: operations["getV1ModelsByModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "deployment.building": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `deployment.building`
         * @description Sent to every enabled endpoint of the account that subscribes to `deployment.building` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_deployment_building"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `deployment.published`
         * @description Sent to every enabled endpoint of the account that subscribes to `deployment.published` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_deployment_published"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `deployment.failed`
         * @description Sent to every enabled endpoint of the account that subscribes to `deployment.failed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_deployment_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deployment.rolled_back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `deployment.rolled_back`
         * @description Sent to every enabled endpoint of the account that subscribes to `deployment.rolled_back` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_deployment_rolled_back"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `domain.verified`
         * @description Sent to every enabled endpoint of the account that subscribes to `domain.verified` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_domain_verified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `domain.failed`
         * @description Sent to every enabled endpoint of the account that subscribes to `domain.failed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_domain_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.ssl_active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `domain.ssl_active`
         * @description Sent to every enabled endpoint of the account that subscribes to `domain.ssl_active` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_domain_ssl_active"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.ssl_error": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `domain.ssl_error`
         * @description Sent to every enabled endpoint of the account that subscribes to `domain.ssl_error` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_domain_ssl_error"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voice.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `voice.ready`
         * @description Sent to every enabled endpoint of the account that subscribes to `voice.ready` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_voice_ready"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voice.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `voice.failed`
         * @description Sent to every enabled endpoint of the account that subscribes to `voice.failed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_voice_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "file.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `file.ready`
         * @description Sent to every enabled endpoint of the account that subscribes to `file.ready` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_file_ready"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "file.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `file.failed`
         * @description Sent to every enabled endpoint of the account that subscribes to `file.failed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_file_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `job.completed`
         * @description Sent to every enabled endpoint of the account that subscribes to `job.completed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_job_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `job.failed`
         * @description Sent to every enabled endpoint of the account that subscribes to `job.failed` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_job_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "usage.quota_warning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `usage.quota_warning`
         * @description Sent to every enabled endpoint of the account that subscribes to `usage.quota_warning` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_usage_quota_warning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "usage.quota_exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event `usage.quota_exceeded`
         * @description Sent to every enabled endpoint of the account that subscribes to `usage.quota_exceeded` (or to every type). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`); anything else, a redirect included, is retried with backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
         */
        post: operations["webhook_usage_quota_exceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: {
        /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description `true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`. */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postV1HostingHooksByHookIdBySecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                hook_id: string;
                secret: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deployment queued; poll it with an API key */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1Usage: {
        parameters: {
            query?: {
                /** @description `day`: one entry per UTC day of the period so far, zeros included. `key`: one per API key that was billed (`key_id` null for usage from before keys were recorded). `product`: one per product that was billed. */
                group_by?: "day" | "key" | "product";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage report; with `group_by`, also `breakdown` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period_start: string;
                        period_end: string;
                        /** @description The account’s plan, whose quotas and rate limit these are. */
                        plan: {
                            /** @description `free`, `pro`, `business`, or an operator’s own plan. */
                            id: string;
                            name: string;
                        };
                        usage: {
                            text_tokens: number;
                            images_generated: number;
                            audio_seconds: number;
                            file_chats: number;
                            plagiarism_checks: number;
                        };
                        /** @description Each metered metric of the plan against its quota for the billing period. `limit` and `remaining` are null when the plan does not limit it. */
                        limits: {
                            text_tokens: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            images_generated: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            audio_seconds: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            file_chats: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            plagiarism_checks: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                        };
                        /** @description The request rate limit, as the `RateLimit-*` headers of this very answer give it. A full window may be spent in a burst. */
                        rate_limit: {
                            /** @description Requests per window this key may make: the account’s limit, or the key’s own when that is lower. The `RateLimit-Limit` header. */
                            limit: number;
                            /** @description Left in the window after this request: the `RateLimit-Remaining` header. */
                            remaining: number;
                            /** @description Seconds until the full allowance is back: the `RateLimit-Reset` header. */
                            reset_seconds: number;
                            /** @description The window `limit` is counted over: 60, requests per minute. */
                            window_seconds: number;
                        };
                        /** @description What the account stores now (not per period) against its plan’s allowance: freed when files are deleted. */
                        storage: {
                            /** @description Everything stored now: `file_bytes` + `site_bytes`. */
                            used_bytes: number;
                            /** @description The plan’s storage allowance. An upload or deploy that would pass it is refused (413 `storage_quota_exceeded`). */
                            limit_bytes: number;
                            /** @description `limit_bytes` − `used_bytes`, never below 0. */
                            remaining_bytes: number;
                            /** @description The same as `limit_bytes` (its earlier name, kept for existing clients). */
                            allowed_bytes: number;
                            /** @description Uploaded files not deleted (their original size). */
                            file_bytes: number;
                            /** @description Hosted sites: each distinct file content across the account’s deployments, counted once. */
                            site_bytes: number;
                        };
                        /** @description Hosted sites’ traffic in the current period. Edges write it every few seconds, so the last moments may not show yet. */
                        hosting: {
                            /** @description Bytes the edges relayed from other servers for `_redirects` proxy rules (200 to a URL), all the account’s sites together. */
                            proxied_bytes: number;
                        };
                    } | {
                        period_start: string;
                        period_end: string;
                        /** @description The account’s plan, whose quotas and rate limit these are. */
                        plan: {
                            /** @description `free`, `pro`, `business`, or an operator’s own plan. */
                            id: string;
                            name: string;
                        };
                        usage: {
                            text_tokens: number;
                            images_generated: number;
                            audio_seconds: number;
                            file_chats: number;
                            plagiarism_checks: number;
                        };
                        /** @description Each metered metric of the plan against its quota for the billing period. `limit` and `remaining` are null when the plan does not limit it. */
                        limits: {
                            text_tokens: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            images_generated: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            audio_seconds: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            file_chats: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                            plagiarism_checks: {
                                /** @description The plan’s quota of this metric for the billing period; null: unlimited. */
                                limit: number | null;
                                /** @description Billed this period: the same number as in `usage`. */
                                used: number;
                                /** @description `limit` − `used`, never below 0 (a request’s final bill may pass its estimate); null: unlimited. Requests still running hold part of it until they are billed, so a request asking for all of it may still be refused (429 `quota_exceeded` says how much is held). */
                                remaining: number | null;
                            };
                        };
                        /** @description The request rate limit, as the `RateLimit-*` headers of this very answer give it. A full window may be spent in a burst. */
                        rate_limit: {
                            /** @description Requests per window this key may make: the account’s limit, or the key’s own when that is lower. The `RateLimit-Limit` header. */
                            limit: number;
                            /** @description Left in the window after this request: the `RateLimit-Remaining` header. */
                            remaining: number;
                            /** @description Seconds until the full allowance is back: the `RateLimit-Reset` header. */
                            reset_seconds: number;
                            /** @description The window `limit` is counted over: 60, requests per minute. */
                            window_seconds: number;
                        };
                        /** @description What the account stores now (not per period) against its plan’s allowance: freed when files are deleted. */
                        storage: {
                            /** @description Everything stored now: `file_bytes` + `site_bytes`. */
                            used_bytes: number;
                            /** @description The plan’s storage allowance. An upload or deploy that would pass it is refused (413 `storage_quota_exceeded`). */
                            limit_bytes: number;
                            /** @description `limit_bytes` − `used_bytes`, never below 0. */
                            remaining_bytes: number;
                            /** @description The same as `limit_bytes` (its earlier name, kept for existing clients). */
                            allowed_bytes: number;
                            /** @description Uploaded files not deleted (their original size). */
                            file_bytes: number;
                            /** @description Hosted sites: each distinct file content across the account’s deployments, counted once. */
                            site_bytes: number;
                        };
                        /** @description Hosted sites’ traffic in the current period. Edges write it every few seconds, so the last moments may not show yet. */
                        hosting: {
                            /** @description Bytes the edges relayed from other servers for `_redirects` proxy rules (200 to a URL), all the account’s sites together. */
                            proxied_bytes: number;
                        };
                        /** @description Only with `group_by`. The entries add up to `usage` exactly. */
                        breakdown: {
                            /** @description A UTC day, `YYYY-MM-DD`. */
                            date: string;
                            usage: {
                                text_tokens: number;
                                images_generated: number;
                                audio_seconds: number;
                                file_chats: number;
                                plagiarism_checks: number;
                            };
                        }[] | {
                            /** @description Null for usage billed before keys were recorded. */
                            key_id: string | null;
                            label: string | null;
                            /** @description The first characters of the key, as key listings show them. */
                            prefix: string | null;
                            usage: {
                                text_tokens: number;
                                images_generated: number;
                                audio_seconds: number;
                                file_chats: number;
                                plagiarism_checks: number;
                            };
                        }[] | {
                            /** @description Null for usage billed before products were recorded. */
                            product: ("text" | "plagiarism" | "image" | "voice" | "files") | null;
                            usage: {
                                text_tokens: number;
                                images_generated: number;
                                audio_seconds: number;
                                file_chats: number;
                                plagiarism_checks: number;
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1TextGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The subject to write about, or the text to rewrite or paraphrase. */
                    prompt: string;
                    /** @default 1000 */
                    max_tokens?: number;
                    /** @description The language to write in (BCP-47). Omitted: the prompt’s own language, detected when the prompt has at least 12 letters and the detector is sure of it (another language must clearly outscore English), otherwise English; the answer’s `language` says which. The built-in engine (`TEXT_PROVIDER=local`) reads and writes English only: another language, given here or detected in the prompt, is refused with 400 `invalid_parameter` naming it (e.g. "French (fr)") and pointing to an OpenAI-compatible provider (`TEXT_PROVIDER=openai`). */
                    language?: string;
                    /**
                     * @default formal
                     * @enum {string}
                     */
                    tone?: "formal" | "casual" | "academic";
                    /**
                     * @default write
                     * @enum {string}
                     */
                    mode?: "write" | "rewrite" | "paraphrase";
                    /**
                     * @description Answer `text/event-stream`: the text as it is written (`delta` events), then `done` with the usual result.
                     * @default false
                     */
                    stream?: boolean;
                };
            };
        };
        responses: {
            /** @description The generated text; with `stream: true`, its events */
            200: {
                headers: {
                    /** @description With `stream: true`: the job id, for `GET /v1/jobs/{id}/events` */
                    "Kiln-Job-Id"?: string;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        text: string;
                        tokens_used: number;
                        language: string;
                        created_at: string;
                    };
                    "text/event-stream": string;
                };
            };
            /** @description Still generating; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1PlagiarismCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The full content to check, as plain text. */
                    text: string;
                    /** @description Parts of the text left out of matching and of the score: `quotes` (text in quotation marks: "…", “…”, „…“, «…», ‘…’; a quotation never spans a blank line) and `references` (a trailing section under a heading line such as References, Bibliography or Works Cited, shorter than the text before it). Excluded words count neither as matched nor in the total. */
                    exclude?: ("quotes" | "references")[];
                    /**
                     * @description What the text is compared with: `account` (the account’s own sources, POST /v1/plagiarism/sources), `shared` (the operator’s corpus) or `all` (both; the default). Another account’s sources are never compared. Each match’s `source.scope` says which it came from.
                     * @enum {string}
                     */
                    scope?: "account" | "shared" | "all";
                };
            };
        };
        responses: {
            /** @description The check result */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        score: number;
                        /** @enum {string} */
                        verdict: "original" | "mostly_original" | "mixed" | "plagiarised";
                        matches: {
                            url: string;
                            /** @description Which document the passage matches, and whose it is. */
                            source: {
                                /** @description The matched document: one of the account’s sources (`psrc_…`) or a shared corpus document. */
                                id: string;
                                /**
                                 * @description `account`: one of the account’s own sources (POST /v1/plagiarism/sources); `shared`: the operator’s corpus.
                                 * @enum {string}
                                 */
                                scope: "account" | "shared";
                            };
                            similarity: number;
                            excerpt: string;
                            /** @description Shares of the passage’s content words, as Copyleaks reports them: the same word as the source, another form of it (same stem), or another word (synonym or new wording). Three decimals, summing to 1. */
                            breakdown: {
                                identical: number;
                                lightly_changed: number;
                                paraphrased: number;
                            };
                        }[];
                        created_at: string;
                    };
                };
            };
            /** @description Still checking; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1PlagiarismSources: {
        parameters: {
            query?: {
                /** @description How many sources to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A source `id` of this account. Answers the sources that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A source `id` of this account. Answers the sources that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
                /** @description Only sources in this status. */
                status?: "pending" | "ready" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sources */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            /** @description The source’s id (`psrc_…`); a check’s match names it in `source.id`. */
                            id: string;
                            /** @constant */
                            object: "plagiarism_source";
                            /** @description The label given when it was added (a URL or any name); unique among the account’s sources. */
                            url: string;
                            title: string | null;
                            /**
                             * @description `pending` until the corpus worker has fingerprinted it, then `ready` (checks match it from then on), or `failed` (see `error`).
                             * @enum {string}
                             */
                            status: "pending" | "ready" | "failed";
                            /** @description Why a `failed` source could not be indexed; null otherwise. */
                            error: string | null;
                            /** @description Words of the stored text. */
                            word_count: number;
                            /** @description Bytes charged to the plan’s storage allowance (`GET /v1/usage` `storage.file_bytes`) until it is deleted. */
                            size_bytes: number;
                            created_at: string;
                            updated_at: string;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1PlagiarismSources: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The source’s content, as plain text. */
                    text: string;
                    /** @description A label for the source, shown in matches as `url`: its address, or any name (unique among the account’s sources). */
                    url: string;
                    title?: string;
                };
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                    url: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The source, `pending` until indexed */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The source’s id (`psrc_…`); a check’s match names it in `source.id`. */
                        id: string;
                        /** @constant */
                        object: "plagiarism_source";
                        /** @description The label given when it was added (a URL or any name); unique among the account’s sources. */
                        url: string;
                        title: string | null;
                        /**
                         * @description `pending` until the corpus worker has fingerprinted it, then `ready` (checks match it from then on), or `failed` (see `error`).
                         * @enum {string}
                         */
                        status: "pending" | "ready" | "failed";
                        /** @description Why a `failed` source could not be indexed; null otherwise. */
                        error: string | null;
                        /** @description Words of the stored text. */
                        word_count: number;
                        /** @description Bytes charged to the plan’s storage allowance (`GET /v1/usage` `storage.file_bytes`) until it is deleted. */
                        size_bytes: number;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what; A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A file over 20 MB (`file_too_large`), a JSON body over 2 MB (`payload_too_large`), or more than the plan’s storage allowance has left (`storage_quota_exceeded`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not a type this endpoint takes, by its content (`unsupported_file_type`) */
            415: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A supported file type that cannot be parsed (`invalid_file`), one over a per-file limit (`file_too_complex`), or an account limit reached (`limit_reached`); the message says which; This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1PlagiarismSourcesBySourceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The source’s id (`psrc_…`); a check’s match names it in `source.id`. */
                        id: string;
                        /** @constant */
                        object: "plagiarism_source";
                        /** @description The label given when it was added (a URL or any name); unique among the account’s sources. */
                        url: string;
                        title: string | null;
                        /**
                         * @description `pending` until the corpus worker has fingerprinted it, then `ready` (checks match it from then on), or `failed` (see `error`).
                         * @enum {string}
                         */
                        status: "pending" | "ready" | "failed";
                        /** @description Why a `failed` source could not be indexed; null otherwise. */
                        error: string | null;
                        /** @description Words of the stored text. */
                        word_count: number;
                        /** @description Bytes charged to the plan’s storage allowance (`GET /v1/usage` `storage.file_bytes`) until it is deleted. */
                        size_bytes: number;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1PlagiarismSourcesBySourceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1ImageGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description What to draw. */
                    prompt: string;
                    /**
                     * @default photorealistic
                     * @enum {string}
                     */
                    style?: "photorealistic" | "illustration" | "abstract";
                    /**
                     * @default 1024x1024
                     * @enum {string}
                     */
                    size?: "512x512" | "1024x1024" | "1024x1792" | "1792x1024";
                    /** @default 1 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description The generated images */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        images: {
                            url: string;
                            /** @enum {string} */
                            size: "512x512" | "1024x1024" | "1024x1792" | "1792x1024";
                            /** @description What the picture shows, as OpenAI's images API names it. The built-in renderer always says which motifs, colours, palette and style it drew, and which things in the prompt it has no motif for; with an OpenAI-compatible provider this is the server's own revised prompt, absent when the server sends none. */
                            revised_prompt?: string;
                            /** @description Present when the provider's model drew the picture at another size than asked (each OpenAI model draws only its own sizes), saying what it drew and how Kiln made it the size asked, e.g. "drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792". `size` is always the size of the image at `url`. */
                            note?: string;
                        }[];
                        created_at: string;
                    };
                };
            };
            /** @description Still rendering; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1VoiceSynthesize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description What to say, with at least one letter or digit. Long texts are spoken in sentence-sized pieces. */
                    text: string;
                    voice_id?: string;
                    /** @description The BCP-47 tag of the language to read `text` in. Omitted: the text’s own language when it is clear (a sentence or more; short or mixed text is not judged), else the voice’s, else `en`; a built-in `voice_id` that does not speak the text’s language is then refused (400, naming the languages it speaks), and without `voice_id` the language’s default voice speaks. */
                    language?: string;
                    /** @default 1 */
                    speed?: number;
                    /**
                     * @description The file format, as ElevenLabs names them: `mp3` (the engine’s own rate, 48 kbit/s), `wav` (16-bit PCM at the engine’s own rate), `pcm_16000` and `pcm_24000` (bare 16-bit little-endian mono PCM at that rate, no header), `ulaw_8000` (bare G.711 µ-law at 8 kHz, for telephony). The duration and the bill are the same whatever the format.
                     * @default mp3
                     * @enum {string}
                     */
                    format?: "mp3" | "wav" | "pcm_16000" | "pcm_24000" | "ulaw_8000";
                    /**
                     * @description Adds `words`: each spoken word with its `start` and `end` in seconds of the returned file (speed included), for captions and lip-sync.
                     * @default false
                     */
                    timestamps?: boolean;
                };
            };
        };
        responses: {
            /** @description The spoken audio */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        audio_url: string;
                        /**
                         * @description The format of the file at `audio_url`.
                         * @enum {string}
                         */
                        format: "mp3" | "wav" | "pcm_16000" | "pcm_24000" | "ulaw_8000";
                        /** @description The `Content-Type` the file is served with. */
                        content_type: string;
                        duration_seconds: number;
                        /** @description Present when `timestamps` was true: each spoken word, in order, with when it is said. */
                        words?: {
                            word: string;
                            /** @description Seconds from the start of the file (playback time, speed included). */
                            start: number;
                            end: number;
                        }[];
                        created_at: string;
                    };
                };
            };
            /** @description Still synthesising; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1VoiceClone: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Display name of the voice. */
                    name: string;
                    /**
                     * Format: uri
                     * @description Public address of an MP3 or WAV recording of one speaker: at least 10 s, 30 s or more recommended.
                     */
                    sample_url: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description An MP3 or WAV recording of one speaker (recognised by content): at least 10 s, 30 s or more recommended.
                     */
                    file: string;
                    /** @description Display name of the voice. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Cloning started */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        voice_id: string;
                        name: string;
                        /** @enum {string} */
                        type: "builtin" | "cloned";
                        /** @enum {string} */
                        status: "processing" | "ready" | "failed";
                        languages: string[];
                        /** @enum {string} */
                        gender?: "female" | "male";
                        /**
                         * @description The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.
                         * @enum {string}
                         */
                        engine?: "flite" | "espeak-ng";
                        created_at?: string;
                        error?: string;
                        profile?: {
                            f0_median_hz: number;
                            f0_low_hz: number;
                            f0_high_hz: number;
                            syllables_per_second: number;
                            brightness_hz: number;
                            sample_seconds: number;
                        };
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description An uploaded sample over `VOICE_SAMPLE_MAX_BYTES` (`file_too_large`), or a JSON body over 2 MB */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not a type this endpoint takes, by its content (`unsupported_file_type`) */
            415: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1Voices: {
        parameters: {
            query?: {
                /** @description How many voices to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A `voice_id` of this list. Answers the voices that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A `voice_id` of this list. Answers the voices that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
                /** @description Only built-in voices (`builtin`) or only this account’s clones (`cloned`). */
                type?: "builtin" | "cloned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of voices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            voice_id: string;
                            name: string;
                            /** @enum {string} */
                            type: "builtin" | "cloned";
                            /** @enum {string} */
                            status: "processing" | "ready" | "failed";
                            languages: string[];
                            /** @enum {string} */
                            gender?: "female" | "male";
                            /**
                             * @description The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.
                             * @enum {string}
                             */
                            engine?: "flite" | "espeak-ng";
                            created_at?: string;
                            error?: string;
                            profile?: {
                                f0_median_hz: number;
                                f0_low_hz: number;
                                f0_high_hz: number;
                                syllables_per_second: number;
                                brightness_hz: number;
                                sample_seconds: number;
                            };
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1VoicesByVoiceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                voice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The voice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        voice_id: string;
                        name: string;
                        /** @enum {string} */
                        type: "builtin" | "cloned";
                        /** @enum {string} */
                        status: "processing" | "ready" | "failed";
                        languages: string[];
                        /** @enum {string} */
                        gender?: "female" | "male";
                        /**
                         * @description The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.
                         * @enum {string}
                         */
                        engine?: "flite" | "espeak-ng";
                        created_at?: string;
                        error?: string;
                        profile?: {
                            f0_median_hz: number;
                            f0_low_hz: number;
                            f0_high_hz: number;
                            syllables_per_second: number;
                            brightness_hz: number;
                            sample_seconds: number;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1VoicesByVoiceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                voice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1FileUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The file, parsed and ready for chat */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        file_id: string;
                        filename: string;
                        size_bytes: number;
                        created_at: string;
                    };
                };
            };
            /** @description Still being parsed; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Over 20 MB (`file_too_large`), or more than the plan’s storage allowance has left (`storage_quota_exceeded`, naming used and allowed bytes) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not a type this endpoint takes, by its content (`unsupported_file_type`) */
            415: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A supported file type that cannot be parsed (`invalid_file`), one over a per-file limit (`file_too_complex`), or an account limit reached (`limit_reached`); the message says which; This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1FileChat: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The `file_id` of an upload of this account. Send this or `file_ids` (not both). */
                    file_id?: string;
                    /** @description Up to 10 `file_id`s of this account, to ask one question of all of them; each source names its `file_id`. Send this or `file_id` (not both). */
                    file_ids?: string[];
                    /** @description The `conversation_id` of an earlier answer, to ask a follow-up ("and in 2023?") in the context of its turns. Without `file_id`/`file_ids` the conversation’s files are asked again. A conversation lapses 24 hours after its latest answer. */
                    conversation_id?: string;
                    /** @description A question or instruction about the document. */
                    message: string;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        answer: string;
                        sources: {
                            page: number;
                            excerpt: string;
                            /** @description The file the excerpt is from. */
                            file_id: string;
                        }[];
                        /** @description Send it back with the next message to ask a follow-up in the context of this one. */
                        conversation_id: string;
                        created_at: string;
                    };
                };
            };
            /** @description Still answering; poll the `Location` (GET /v1/jobs/{id}) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No such file on this account (`file_not_found`), or no such conversation (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1Files: {
        parameters: {
            query?: {
                /** @description How many files to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A `file_id` of this account. Answers the files that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A `file_id` of this account. Answers the files that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of files */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            file_id: string;
                            filename: string;
                            size_bytes: number;
                            created_at: string;
                            /**
                             * @description `pending` while the file’s sentences are being encoded for semantic retrieval, also again after a change of the embeddings model (questions are answered meanwhile, by words and word vectors), `ready` once done, `none` for CSV tables and documents not in English.
                             * @enum {string}
                             */
                            semantic_index: "pending" | "ready" | "none";
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1FilesByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        file_id: string;
                        filename: string;
                        size_bytes: number;
                        created_at: string;
                        /**
                         * @description `pending` while the file’s sentences are being encoded for semantic retrieval, also again after a change of the embeddings model (questions are answered meanwhile, by words and word vectors), `ready` once done, `none` for CSV tables and documents not in English.
                         * @enum {string}
                         */
                        semantic_index: "pending" | "ready" | "none";
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No such file on this account (`file_not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1FilesByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No such file on this account (`file_not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1JobsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The finished result, in the original endpoint’s shape */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        text: string;
                        tokens_used: number;
                        language: string;
                        created_at: string;
                    } | {
                        id: string;
                        text: string;
                        prompt_tokens: number;
                        completion_tokens: number;
                        tokens_used: number;
                        /** @enum {string} */
                        finish_reason: "stop" | "length";
                        created_at: string;
                    } | {
                        id: string;
                        score: number;
                        /** @enum {string} */
                        verdict: "original" | "mostly_original" | "mixed" | "plagiarised";
                        matches: {
                            url: string;
                            /** @description Which document the passage matches, and whose it is. */
                            source: {
                                /** @description The matched document: one of the account’s sources (`psrc_…`) or a shared corpus document. */
                                id: string;
                                /**
                                 * @description `account`: one of the account’s own sources (POST /v1/plagiarism/sources); `shared`: the operator’s corpus.
                                 * @enum {string}
                                 */
                                scope: "account" | "shared";
                            };
                            similarity: number;
                            excerpt: string;
                            /** @description Shares of the passage’s content words, as Copyleaks reports them: the same word as the source, another form of it (same stem), or another word (synonym or new wording). Three decimals, summing to 1. */
                            breakdown: {
                                identical: number;
                                lightly_changed: number;
                                paraphrased: number;
                            };
                        }[];
                        created_at: string;
                    } | {
                        id: string;
                        images: {
                            url: string;
                            /** @enum {string} */
                            size: "512x512" | "1024x1024" | "1024x1792" | "1792x1024";
                            /** @description What the picture shows, as OpenAI's images API names it. The built-in renderer always says which motifs, colours, palette and style it drew, and which things in the prompt it has no motif for; with an OpenAI-compatible provider this is the server's own revised prompt, absent when the server sends none. */
                            revised_prompt?: string;
                            /** @description Present when the provider's model drew the picture at another size than asked (each OpenAI model draws only its own sizes), saying what it drew and how Kiln made it the size asked, e.g. "drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792". `size` is always the size of the image at `url`. */
                            note?: string;
                        }[];
                        created_at: string;
                    } | {
                        id: string;
                        audio_url: string;
                        /**
                         * @description The format of the file at `audio_url`.
                         * @enum {string}
                         */
                        format: "mp3" | "wav" | "pcm_16000" | "pcm_24000" | "ulaw_8000";
                        /** @description The `Content-Type` the file is served with. */
                        content_type: string;
                        duration_seconds: number;
                        /** @description Present when `timestamps` was true: each spoken word, in order, with when it is said. */
                        words?: {
                            word: string;
                            /** @description Seconds from the start of the file (playback time, speed included). */
                            start: number;
                            end: number;
                        }[];
                        created_at: string;
                    } | {
                        file_id: string;
                        filename: string;
                        size_bytes: number;
                        created_at: string;
                    } | {
                        id: string;
                        answer: string;
                        sources: {
                            page: number;
                            excerpt: string;
                            /** @description The file the excerpt is from. */
                            file_id: string;
                        }[];
                        /** @description Send it back with the next message to ask a follow-up in the context of this one. */
                        conversation_id: string;
                        created_at: string;
                    };
                };
            };
            /** @description Still running */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1JobsByIdEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `id:` of the last event received; the stream resumes after it. */
                "Last-Event-ID"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job’s events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1JobsByIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job was cancelled */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        status: "cancelled";
                    };
                };
            };
            /** @description Cancel requested; the job stops when a worker takes it (poll the `Location`) */
            202: {
                headers: {
                    /** @description The job: `/v1/jobs/{id}`. */
                    Location?: string;
                    /** @description Seconds to wait before polling. */
                    "Retry-After"?: number;
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The job id; GET /v1/jobs/{id} answers the result once it is done. */
                        id: string;
                        /** @enum {string} */
                        status: "processing";
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what; A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingDeployments: {
        parameters: {
            query?: {
                /** @description How many deployments to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A deployment `id` of this account. Answers the deployments that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A deployment `id` of this account. Answers the deployments that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
                /** @description Only deployments of this site. */
                site_id?: string;
                /** @description Only deployments to this environment. */
                environment?: "production" | "preview";
                /** @description Only deployments in this status. */
                status?: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deployments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                            /** @enum {string} */
                            environment: "production" | "preview";
                            site_id: string;
                            /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                            url?: string;
                            /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                            permalink_url?: string;
                            /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                            live: boolean;
                            error?: string;
                            created_at: string;
                            rolled_back_at?: string;
                            /** @description The preview deployment this production deployment was promoted from. */
                            promoted_from?: string;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDeployments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Hosted site identifier; the site is created on first use. */
                    site_id: string;
                    /** Format: uri */
                    source_url?: string;
                    /**
                     * @default production
                     * @enum {string}
                     */
                    environment?: "production" | "preview";
                    /** @description Deploy by file digests: each site path and the SHA-256 (hex) of its content. Not with `source_url`. */
                    files?: {
                        [key: string]: string;
                    };
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The site as a .zip or .tar.gz archive.
                     */
                    file: string;
                    /** @description Hosted site identifier; the site is created on first use. */
                    site_id: string;
                    /**
                     * @default production
                     * @enum {string}
                     */
                    environment?: "production" | "preview";
                };
            };
        };
        responses: {
            /** @description Deployment recorded (with `required` for a deploy by digests) */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    } | {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                        /** @description The distinct contents to upload (PUT …/files/{sha256}), sorted; empty when the account holds them all (the build is queued at once). */
                        required: string[];
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description An uploaded archive over `DEPLOY_MAX_ARCHIVE_BYTES` (`file_too_large`), or the account already stores all its plan allows (`storage_quota_exceeded`, naming used and allowed bytes) */
            413: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not a type this endpoint takes, by its content (`unsupported_file_type`) */
            415: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    putV1HostingDeploymentsByIdFilesBySha256: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sha256: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Stored (or already there) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description SHA-256 of a file’s content, lowercase hex. */
                        sha256: string;
                        /** @description Its size in bytes. */
                        size: number;
                        /** @description How many distinct contents are still to upload; at 0 the build is queued. */
                        missing: number;
                        /** @description The contents still to upload, sorted: the first 100 of them (`missing` counts all). */
                        required: string[];
                        /**
                         * @description The deployment’s status after this upload.
                         * @enum {string}
                         */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Body too large (`payload_too_large`, `file_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDeploymentsByIdFinalize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment, `pending` or later */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what; A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingDeploymentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingDeploymentsByIdLogs: {
        parameters: {
            query?: {
                /** @description `true`: answer `text/event-stream` and follow the build, as `Accept: text/event-stream` does. */
                follow?: "true" | "false";
            };
            header?: {
                /** @description When following: the `id:` of the last `line` received; the stream resumes after that line. */
                "Last-Event-ID"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Log lines, oldest first; followed live as server-sent events with `Accept: text/event-stream` or `follow=true` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        lines: {
                            at: string;
                            level: string;
                            message: string;
                        }[];
                    };
                    "text/event-stream": string;
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDeploymentsByIdRollback: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rolled back */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        status: "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        rolled_back_at: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDeploymentsByIdPromote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Promoted: the new production deployment */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what; A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingSitesBySiteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The site’s production address: it serves `live_deployment`. */
                        url: string;
                        created_at: string;
                        /** @description The production deployment the site serves now (`live: true`); null before its first publish. */
                        live_deployment: {
                            id: string;
                            /** @enum {string} */
                            status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                            /** @enum {string} */
                            environment: "production" | "preview";
                            site_id: string;
                            /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                            url?: string;
                            /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                            permalink_url?: string;
                            /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                            live: boolean;
                            error?: string;
                            created_at: string;
                            rolled_back_at?: string;
                            /** @description The preview deployment this production deployment was promoted from. */
                            promoted_from?: string;
                        } | null;
                        /** @description The site’s current preview: its newest published one, or the one a rollback restored; null when it has none. */
                        latest_preview: {
                            id: string;
                            /** @enum {string} */
                            status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                            /** @enum {string} */
                            environment: "production" | "preview";
                            site_id: string;
                            /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                            url?: string;
                            /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                            permalink_url?: string;
                            /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                            live: boolean;
                            error?: string;
                            created_at: string;
                            rolled_back_at?: string;
                            /** @description The preview deployment this production deployment was promoted from. */
                            promoted_from?: string;
                        } | null;
                        /** @description What the site cost in bandwidth beyond its own files, this billing period. */
                        traffic: {
                            period_start: string;
                            /** @description Bytes the edges relayed for the site’s `_redirects` proxy rules (200 to a URL) this billing period, written every few seconds. */
                            proxied_bytes: number;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingSitesBySiteIdHooks: {
        parameters: {
            query?: {
                /** @description How many hooks to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A hook `id` of this site. Answers the hooks that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A hook `id` of this site. Answers the hooks that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
            };
            header?: never;
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of hooks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            site_id: string;
                            name: string | null;
                            /** @enum {string} */
                            environment: "production" | "preview";
                            created_at: string;
                            last_triggered_at: string | null;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingSitesBySiteIdHooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                site_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A label to tell hooks apart. */
                    name?: string;
                    /**
                     * @description What a call deploys: production (default) or a new preview.
                     * @default production
                     * @enum {string}
                     */
                    environment?: "production" | "preview";
                };
            };
        };
        responses: {
            /** @description The hook, with its URL */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        site_id: string;
                        name: string | null;
                        /** @enum {string} */
                        environment: "production" | "preview";
                        created_at: string;
                        last_triggered_at: string | null;
                        /** @description POST here (no API key) to redeploy the site’s latest content. Shown only in this answer; keep it secret. */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Conflict with the current state (`conflict`, `idempotency_key_in_use`, …); the message says what; A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1HostingSitesBySiteIdHooksByHookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                site_id: string;
                hook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingDomains: {
        parameters: {
            query?: {
                /** @description How many domains to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A `domain` of this account. Answers the domains that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A `domain` of this account. Answers the domains that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
                /** @description Only domains attached to this site. */
                site_id?: string;
                /** @description Only domains in this status. */
                status?: "pending_verification" | "verified" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            domain: string;
                            site_id: string;
                            /** @enum {string} */
                            status: "pending_verification" | "verified" | "failed";
                            /** @enum {string} */
                            ssl?: "inactive" | "active" | "error";
                            /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                            ssl_error?: {
                                /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                                type?: string;
                                detail: string;
                                /** @description The HTTP status the CA answered the problem with. */
                                status?: number;
                                subproblems?: {
                                    type?: string;
                                    detail?: string;
                                    status?: number;
                                    identifier?: {
                                        type: string;
                                        value: string;
                                    };
                                }[];
                            };
                            /** @description The other name of a www/apex pair (see `with_www`). */
                            paired_with?: string;
                            /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                            redirects_to?: string;
                            dns_records?: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                value: string;
                            }[];
                            created_at: string;
                            /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                            verification?: {
                                /** @description When the records were last looked up; null before the first check. */
                                last_checked_at: string | null;
                                /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                                next_check_at: string | null;
                                /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                                error?: string;
                                records: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    name: string;
                                    /** @description The value the record must have (as in `dns_records`). */
                                    expected: string;
                                    /**
                                     * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                     * @enum {string}
                                     */
                                    status: "found" | "missing" | "wrong_value" | "unknown";
                                    /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                    matched: boolean;
                                    /** @description What the last check found at the name. */
                                    seen: {
                                        /** @enum {string} */
                                        type: "TXT" | "CNAME" | "A";
                                        value: string;
                                    }[];
                                    /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                    lookups: {
                                        /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                        resolver: string;
                                        /** @enum {string} */
                                        type: "TXT" | "CNAME" | "A";
                                        /**
                                         * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                         * @enum {string}
                                         */
                                        outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                        values: string[];
                                        /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                        code?: string;
                                    }[];
                                    /** @description The finding in plain words, with what to change. */
                                    hint: string;
                                }[];
                            };
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDomains: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Hosted site identifier; the site is created on first use. */
                    site_id: string;
                    /** @description A bare domain name or subdomain: no scheme, port, path or trailing dot. */
                    domain: string;
                    /** @description Also add the other name of the www/apex pair (`example.com` and `www.example.com`; `domain` may be either). Both verify (one TXT record, at the apex, proves both) and get certificates; the one that is not `canonical` answers 308 to the canonical one. */
                    with_www?: boolean;
                    /**
                     * @description With `with_www`: which name serves the site. Default `apex`.
                     * @enum {string}
                     */
                    canonical?: "apex" | "www";
                };
            };
        };
        responses: {
            /** @description Domain added, pending verification */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                        /** @description With `with_www`: the other name of the pair, added too. */
                        paired_domain?: {
                            domain: string;
                            site_id: string;
                            /** @enum {string} */
                            status: "pending_verification" | "verified" | "failed";
                            /** @enum {string} */
                            ssl?: "inactive" | "active" | "error";
                            /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                            ssl_error?: {
                                /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                                type?: string;
                                detail: string;
                                /** @description The HTTP status the CA answered the problem with. */
                                status?: number;
                                subproblems?: {
                                    type?: string;
                                    detail?: string;
                                    status?: number;
                                    identifier?: {
                                        type: string;
                                        value: string;
                                    };
                                }[];
                            };
                            /** @description The other name of a www/apex pair (see `with_www`). */
                            paired_with?: string;
                            /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                            redirects_to?: string;
                            dns_records?: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                value: string;
                            }[];
                            created_at: string;
                            /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                            verification?: {
                                /** @description When the records were last looked up; null before the first check. */
                                last_checked_at: string | null;
                                /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                                next_check_at: string | null;
                                /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                                error?: string;
                                records: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    name: string;
                                    /** @description The value the record must have (as in `dns_records`). */
                                    expected: string;
                                    /**
                                     * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                     * @enum {string}
                                     */
                                    status: "found" | "missing" | "wrong_value" | "unknown";
                                    /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                    matched: boolean;
                                    /** @description What the last check found at the name. */
                                    seen: {
                                        /** @enum {string} */
                                        type: "TXT" | "CNAME" | "A";
                                        value: string;
                                    }[];
                                    /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                    lookups: {
                                        /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                        resolver: string;
                                        /** @enum {string} */
                                        type: "TXT" | "CNAME" | "A";
                                        /**
                                         * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                         * @enum {string}
                                         */
                                        outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                        values: string[];
                                        /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                        code?: string;
                                    }[];
                                    /** @description The finding in plain words, with what to change. */
                                    hint: string;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Already attached (`domain_already_exists`); A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1HostingDomainsByDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1HostingDomainsByDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1HostingDomainsByDomainVerify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain after the check */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1Webhooks: {
        parameters: {
            query?: {
                /** @description How many endpoints to answer, 1–100 (default 20). */
                limit?: number;
                /** @description An endpoint `id` of this account. Answers the endpoints that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description An endpoint `id` of this account. Answers the endpoints that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            url: string;
                            description: string;
                            /** @description Empty: every event type. */
                            event_types: string[];
                            /**
                             * @description `failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.
                             * @enum {string}
                             */
                            status: "enabled" | "failing" | "disabled";
                            failing_since: string | null;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            created_at: string;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1Webhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed. http(s) only; redirects are not followed. */
                    url: string;
                    /**
                     * @description The event types to send; empty or omitted: every type, including types added later.
                     * @default []
                     */
                    event_types?: ("deployment.building" | "deployment.published" | "deployment.failed" | "deployment.rolled_back" | "domain.verified" | "domain.failed" | "domain.ssl_active" | "domain.ssl_error" | "voice.ready" | "voice.failed" | "file.ready" | "file.failed" | "job.completed" | "job.failed" | "usage.quota_warning" | "usage.quota_exceeded")[];
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Endpoint added */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        description: string;
                        /** @description Empty: every event type. */
                        event_types: string[];
                        /**
                         * @description `failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.
                         * @enum {string}
                         */
                        status: "enabled" | "failing" | "disabled";
                        failing_since: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        created_at: string;
                        /** @description `whsec_` + base64 of the signing key. Shown only in this answer: store it to verify `webhook-signature`. */
                        secret: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A supported file type that cannot be parsed (`invalid_file`), one over a per-file limit (`file_too_complex`), or an account limit reached (`limit_reached`); the message says which; This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        description: string;
                        /** @description Empty: every event type. */
                        event_types: string[];
                        /**
                         * @description `failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.
                         * @enum {string}
                         */
                        status: "enabled" | "failing" | "disabled";
                        failing_since: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        created_at: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    deleteV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    patchV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed. http(s) only; redirects are not followed. */
                    url?: string;
                    /** @description The event types to send; empty or omitted: every type, including types added later. */
                    event_types?: ("deployment.building" | "deployment.published" | "deployment.failed" | "deployment.rolled_back" | "domain.verified" | "domain.failed" | "domain.ssl_active" | "domain.ssl_error" | "voice.ready" | "voice.failed" | "file.ready" | "file.failed" | "job.completed" | "job.failed" | "usage.quota_warning" | "usage.quota_exceeded")[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        description: string;
                        /** @description Empty: every event type. */
                        event_types: string[];
                        /**
                         * @description `failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.
                         * @enum {string}
                         */
                        status: "enabled" | "failing" | "disabled";
                        failing_since: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        created_at: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1WebhooksByIdDeliveries: {
        parameters: {
            query?: {
                /** @description How many deliveries to answer, 1–100 (default 20). */
                limit?: number;
                /** @description A delivery `id` of this endpoint. Answers the deliveries that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description A delivery `id` of this endpoint. Answers the deliveries that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            /** @description The `webhook-id` the receiver saw (the same on every attempt and replay). */
                            event_id: string;
                            event_type: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            created_at: string;
                            last_attempt_at: string | null;
                            /** @description When the next retry runs while `pending`. */
                            next_attempt_at: string | null;
                            /** @description The receiver’s status code on the last attempt; null when no answer came. */
                            last_status_code: number | null;
                            last_duration_ms: number | null;
                            /** @description The first 500 characters of the last answer, or why there was none (e.g. `refused: …` for a non-public address). */
                            last_response: string | null;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1WebhooksByIdDeliveriesByDeliveryIdReplay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempt queued */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The `webhook-id` the receiver saw (the same on every attempt and replay). */
                        event_id: string;
                        event_type: string;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                        attempts: number;
                        created_at: string;
                        last_attempt_at: string | null;
                        /** @description When the next retry runs while `pending`. */
                        next_attempt_at: string | null;
                        /** @description The receiver’s status code on the last attempt; null when no answer came. */
                        last_status_code: number | null;
                        last_duration_ms: number | null;
                        /** @description The first 500 characters of the last answer, or why there was none (e.g. `refused: …` for a non-public address). */
                        last_response: string | null;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Still being attempted (`webhook_delivery_pending`), or the endpoint is disabled (`webhook_endpoint_disabled`); A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1WebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Test event queued */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @description The `webhook-id` the receiver saw (the same on every attempt and replay). */
                        event_id: string;
                        event_type: string;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                        attempts: number;
                        created_at: string;
                        last_attempt_at: string | null;
                        /** @description When the next retry runs while `pending`. */
                        next_attempt_at: string | null;
                        /** @description The receiver’s status code on the last attempt; null when no answer came. */
                        last_status_code: number | null;
                        last_duration_ms: number | null;
                        /** @description The first 500 characters of the last answer, or why there was none (e.g. `refused: …` for a non-public address). */
                        last_response: string | null;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The endpoint is disabled (`webhook_endpoint_disabled`); A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`quota_exceeded`) reached; see `Retry-After` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1WebhooksByIdEnable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, enabled */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        description: string;
                        /** @description Empty: every event type. */
                        event_types: string[];
                        /**
                         * @description `failing`: deliveries have failed since `failing_since` without a success; five days of that disable the endpoint.
                         * @enum {string}
                         */
                        status: "enabled" | "failing" | "disabled";
                        failing_since: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        created_at: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (`not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getV1AuditEvents: {
        parameters: {
            query?: {
                /** @description How many events to answer, 1–100 (default 20). */
                limit?: number;
                /** @description An audit event `id` of this account. Answers the events that come after it (older). Use the last item of a page to get the next page. */
                starting_after?: string;
                /** @description An audit event `id` of this account. Answers the events that come before it (newer). Use the first item of a page to get the previous page. */
                ending_before?: string;
                /** @description Only events of this actor: a kind (`user`, `api_key`, `cli`, `deploy_hook`, `system`), or an id (a user, key or deploy hook id) or an API key’s display prefix. */
                actor?: string;
                /** @description Only events of this kind (`deployment.rolled_back`), or of a group of kinds (`deployment.*`). */
                kind?: string;
                /** @description Only events at or after this time (Unix seconds or ISO 8601). */
                "created[gte]"?: string;
                /** @description Only events at or before this time (Unix seconds or ISO 8601). */
                "created[lte]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            /** @constant */
                            object: "audit_event";
                            /**
                             * @description What happened: `deployment.rolled_back`, `key.created`, … (a closed set).
                             * @enum {string}
                             */
                            kind: "user.signed_in" | "user.signed_out" | "user.signed_up" | "user.invited" | "user.reset_requested" | "user.password_reset" | "user.removed" | "key.created" | "key.revoked" | "domain.added" | "domain.removed" | "domain.checked" | "deployment.rolled_back" | "deployment.redeployed" | "deployment.promoted" | "deployment.uploaded" | "deployment.digests_sent" | "deployment.finalized" | "deploy_hook.created" | "deploy_hook.deleted" | "deploy_hook.triggered" | "voice.deleted" | "file.deleted" | "account.plan_changed" | "webhook.created" | "webhook.deleted" | "webhook.enabled" | "deployment.created" | "domain.verified" | "domain.failed" | "webhook.updated" | "webhook.disabled" | "webhook.test_sent" | "webhook.delivery_replayed" | "file.uploaded" | "voice.clone_requested" | "plagiarism_source.created" | "plagiarism_source.deleted";
                            actor: {
                                /**
                                 * @description `user` (dashboard), `api_key`, `cli` (the operator), `deploy_hook` or `system`.
                                 * @enum {string}
                                 */
                                kind: "user" | "api_key" | "cli" | "deploy_hook" | "system";
                                /** @description The user, key or hook id; null for the CLI and the system. */
                                id: string | null;
                                /** @description As people read it: an email, a key’s label, "operator", a hook’s name. */
                                label: string;
                                /** @description An API key’s display prefix (as key listings show it); null for other actors. */
                                key_prefix: string | null;
                                ip: string | null;
                            };
                            /** @description The id or name acted upon: a deployment id, a domain, a key id. */
                            target: string | null;
                            /** @description What else is known of the change (site, environment, label, …). */
                            data: {
                                [key: string]: unknown;
                            };
                            created_at: string;
                        }[];
                        /** @description Whether more items lie beyond this page in the direction paged. */
                        has_more: boolean;
                        /** @description The path of this list, without its query (`/v1/voices`). */
                        url: string;
                    };
                };
            };
            /** @description Invalid request (`missing_required_field`, `invalid_parameter`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`unauthorized`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The plan does not include this resource (`forbidden`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description One of a closed set; each code always answers with the same HTTP status.
                             * @enum {string}
                             */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                            /** @description The request parameter the error is about, when it is about one: a body field (dotted for a nested one, `messages.0.content`), a query parameter (`limit`) or a path parameter (`voice_id`). */
                            param?: string;
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postV1ChatCompletions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A model of GET /v1/models (the chat one). */
                    model: string;
                    messages: {
                        /** @enum {string} */
                        role: "system" | "developer" | "user" | "assistant" | "tool" | "function";
                        content?: (string | {
                            type: string;
                            text?: string;
                        }[]) | null;
                        name?: string;
                        tool_calls?: unknown;
                        tool_call_id?: unknown;
                    }[];
                    max_tokens?: number | null;
                    max_completion_tokens?: number | null;
                    stream?: boolean | null;
                    stream_options?: {
                        include_usage?: boolean;
                    } | null;
                    temperature?: number | null;
                    top_p?: number | null;
                    n?: 1 | null;
                    stop?: (string | string[]) | null;
                    seed?: number | null;
                    presence_penalty?: number | null;
                    frequency_penalty?: number | null;
                    user?: string;
                    logprobs?: false | null;
                    tools?: unknown;
                    tool_choice?: unknown;
                    functions?: unknown;
                    function_call?: unknown;
                    response_format?: unknown;
                };
            };
        };
        responses: {
            /** @description The completion; with `stream: true`, its chunks */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `chatcmpl-` and the Kiln job id (GET /v1/jobs/{job id}) */
                        id: string;
                        /** @constant */
                        object: "chat.completion";
                        created: number;
                        /** @description The model that answered; the built-in engine is `kiln-local-text` */
                        model: string;
                        choices: {
                            index: number;
                            message: {
                                /** @constant */
                                role: "assistant";
                                content: string;
                                refusal: null;
                            };
                            logprobs: null;
                            /** @enum {string} */
                            finish_reason: "stop" | "length";
                        }[];
                        usage: {
                            prompt_tokens: number;
                            completion_tokens: number;
                            total_tokens: number;
                        };
                    };
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request (`invalid_request_error`, `param` names the field) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The plan or the key does not include this product */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Unknown model (`model_not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`insufficient_quota`, not retried) reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The configured provider refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Still running after OPENAI_COMPAT_WAIT_MS (not to be resent), or a dependency is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    postV1Embeddings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The embeddings model of GET /v1/models. */
                    model: string;
                    input: string | string[];
                    /**
                     * @default float
                     * @enum {string}
                     */
                    encoding_format?: "float" | "base64";
                    dimensions?: number;
                    user?: string;
                };
            };
        };
        responses: {
            /** @description The vectors */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            /** @constant */
                            object: "embedding";
                            index: number;
                            embedding: number[] | string;
                        }[];
                        model: string;
                        usage: {
                            prompt_tokens: number;
                            total_tokens: number;
                        };
                    };
                };
            };
            /** @description Invalid request (`invalid_request_error`, `param` names the field) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The plan or the key does not include this product */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Unknown model (`model_not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`insufficient_quota`, not retried) reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    postV1ImagesGenerations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    prompt: string;
                    model?: string;
                    n?: number | null;
                    size?: string | null;
                    response_format?: ("url" | "b64_json") | null;
                    quality?: string | null;
                    style?: string | null;
                    output_format?: "png" | null;
                    background?: string | null;
                    moderation?: string | null;
                    user?: string;
                };
            };
        };
        responses: {
            /** @description The images */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        data: {
                            url?: string;
                            b64_json?: string;
                            revised_prompt?: string;
                        }[];
                    };
                };
            };
            /** @description Invalid request (`invalid_request_error`, `param` names the field) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The plan or the key does not include this product */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Unknown model (`model_not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`insufficient_quota`, not retried) reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The configured provider refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Still running after OPENAI_COMPAT_WAIT_MS (not to be resent), or a dependency is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    postV1AudioSpeech: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: a repeat with the same key and the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) without doing the work again. 1 to 255 printable ASCII characters, unique per request (a UUID); scoped to the API key that sent it (another API key with the same value runs its own request). Checked after the route's scope, so a key that may not call the route gets 403, never a stored answer. Answers with a 5xx, 401, 403, 409 or 429 status are not kept. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    model: string;
                    input: string;
                    voice: string;
                    /**
                     * @default mp3
                     * @enum {string}
                     */
                    response_format?: "mp3" | "opus" | "aac" | "flac" | "wav" | "pcm";
                    /** @default 1 */
                    speed?: number;
                    instructions?: string;
                    /** @constant */
                    stream_format?: "audio";
                };
            };
        };
        responses: {
            /** @description The audio */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "audio/mpeg": string;
                    "audio/wav": string;
                    "audio/pcm": string;
                };
            };
            /** @description Invalid request (`invalid_request_error`, `param` names the field) */
            400: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The plan or the key does not include this product */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Unknown model (`model_not_found`) */
            404: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description A request with this `Idempotency-Key` is still running (`idempotency_key_in_use`); retry after `Retry-After` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description This `Idempotency-Key` was used with a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Rate limit (`rate_limit_exceeded`) or quota (`insufficient_quota`, not retried) reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description The configured provider refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Still running after OPENAI_COMPAT_WAIT_MS (not to be resent), or a dependency is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    getV1Models: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "list";
                        data: {
                            id: string;
                            /** @constant */
                            object: "model";
                            created: number;
                            owned_by: string;
                        }[];
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    getV1ModelsByModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        object: "model";
                        created: number;
                        owned_by: string;
                    };
                };
            };
            /** @description Missing or unknown API key (`invalid_api_key`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
            /** @description Unknown model (`model_not_found`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            message: string;
                            /** @description invalid_request_error, requests (rate limit), insufficient_quota, api_error (provider), server_error */
                            type: string;
                            /** @description The request field at fault, when one is */
                            param: string | null;
                            /** @description invalid_api_key, rate_limit_exceeded, insufficient_quota, model_not_found, missing_required_parameter, invalid_value, … */
                            code: string | null;
                        };
                    };
                };
            };
        };
    };
    webhook_deployment_building: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.building";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deployment_published: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.published";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deployment_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deployment_rolled_back: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "deployment.rolled_back";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @enum {string} */
                        status: "uploading" | "pending" | "building" | "published" | "failed" | "rolled_back";
                        /** @enum {string} */
                        environment: "production" | "preview";
                        site_id: string;
                        /** @description Where it is served once published: the site's address for production (whatever is live there), its own for a preview. */
                        url?: string;
                        /** @description Once published: an address that keeps serving exactly this deployment, whatever is live later. */
                        permalink_url?: string;
                        /** @description Whether this is what its site serves now in its environment: production’s `url` serves it (a preview: the site’s current preview). Exactly one production deployment of a site is live once one is published. */
                        live: boolean;
                        error?: string;
                        created_at: string;
                        rolled_back_at?: string;
                        /** @description The preview deployment this production deployment was promoted from. */
                        promoted_from?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_domain_verified: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "domain.verified";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_domain_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "domain.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_domain_ssl_active: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "domain.ssl_active";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_domain_ssl_error: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "domain.ssl_error";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        domain: string;
                        site_id: string;
                        /** @enum {string} */
                        status: "pending_verification" | "verified" | "failed";
                        /** @enum {string} */
                        ssl?: "inactive" | "active" | "error";
                        /** @description Present when `ssl` is `error`: why the last issuance failed, as the CA’s problem document (RFC 8555 §6.7). */
                        ssl_error?: {
                            /** @description The ACME problem type, e.g. `urn:ietf:params:acme:error:connection`; absent when the CA gave none. */
                            type?: string;
                            detail: string;
                            /** @description The HTTP status the CA answered the problem with. */
                            status?: number;
                            subproblems?: {
                                type?: string;
                                detail?: string;
                                status?: number;
                                identifier?: {
                                    type: string;
                                    value: string;
                                };
                            }[];
                        };
                        /** @description The other name of a www/apex pair (see `with_www`). */
                        paired_with?: string;
                        /** @description This name answers with a 308 to this one (the pair’s canonical name), path and query kept, once that one is verified. */
                        redirects_to?: string;
                        dns_records?: {
                            /** @enum {string} */
                            type: "TXT" | "CNAME" | "A";
                            name: string;
                            value: string;
                        }[];
                        created_at: string;
                        /** @description What the last DNS check saw for each record of `dns_records`, and when the next one runs. */
                        verification?: {
                            /** @description When the records were last looked up; null before the first check. */
                            last_checked_at: string | null;
                            /** @description When the next automatic check runs; null when none is queued (verified, failed: POST …/verify starts again). */
                            next_check_at: string | null;
                            /** @description Present when a lookup of the last check got no answer from any resolver (it decided nothing). */
                            error?: string;
                            records: {
                                /** @enum {string} */
                                type: "TXT" | "CNAME" | "A";
                                name: string;
                                /** @description The value the record must have (as in `dns_records`). */
                                expected: string;
                                /**
                                 * @description `wrong_value`: the name answers, but not with the value asked for; `unknown`: not checked yet, or the last lookup failed.
                                 * @enum {string}
                                 */
                                status: "found" | "missing" | "wrong_value" | "unknown";
                                /** @description Whether the last check found the record as asked for (`status` is `found`). */
                                matched: boolean;
                                /** @description What the last check found at the name. */
                                seen: {
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    value: string;
                                }[];
                                /** @description Each resolver’s answer to each lookup of the last check (a subdomain’s routing record is looked up as CNAME and A). */
                                lookups: {
                                    /** @description The DNS_SERVERS entry asked (`host[:port]`), or `system` for the host’s resolvers. */
                                    resolver: string;
                                    /** @enum {string} */
                                    type: "TXT" | "CNAME" | "A";
                                    /**
                                     * @description `answer`: `values` holds what it returned; `nxdomain`: the name does not exist; `nodata`: the name exists without records of this type; the rest are failures, which decide nothing.
                                     * @enum {string}
                                     */
                                    outcome: "answer" | "nxdomain" | "nodata" | "servfail" | "refused" | "timeout" | "unreachable" | "error";
                                    values: string[];
                                    /** @description The resolver library’s code for a failure, e.g. `ESERVFAIL`, `ETIMEOUT`. */
                                    code?: string;
                                }[];
                                /** @description The finding in plain words, with what to change. */
                                hint: string;
                            }[];
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_voice_ready: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "voice.ready";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        voice_id: string;
                        name: string;
                        /** @enum {string} */
                        type: "builtin" | "cloned";
                        /** @enum {string} */
                        status: "processing" | "ready" | "failed";
                        languages: string[];
                        /** @enum {string} */
                        gender?: "female" | "male";
                        /**
                         * @description The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.
                         * @enum {string}
                         */
                        engine?: "flite" | "espeak-ng";
                        created_at?: string;
                        error?: string;
                        profile?: {
                            f0_median_hz: number;
                            f0_low_hz: number;
                            f0_high_hz: number;
                            syllables_per_second: number;
                            brightness_hz: number;
                            sample_seconds: number;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_voice_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "voice.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        voice_id: string;
                        name: string;
                        /** @enum {string} */
                        type: "builtin" | "cloned";
                        /** @enum {string} */
                        status: "processing" | "ready" | "failed";
                        languages: string[];
                        /** @enum {string} */
                        gender?: "female" | "male";
                        /**
                         * @description The built-in engine that speaks English text with this voice: `flite` (CMU Flite, natural English voices) or `espeak-ng`. Every other language is spoken by espeak-ng. Absent for a clone that is not ready.
                         * @enum {string}
                         */
                        engine?: "flite" | "espeak-ng";
                        created_at?: string;
                        error?: string;
                        profile?: {
                            f0_median_hz: number;
                            f0_low_hz: number;
                            f0_high_hz: number;
                            syllables_per_second: number;
                            brightness_hz: number;
                            sample_seconds: number;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_file_ready: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "file.ready";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        file_id: string;
                        filename: string;
                        size_bytes: number;
                        created_at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_file_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "file.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        file_id: string;
                        filename?: string;
                        size_bytes?: number;
                        created_at: string;
                        error: {
                            /** @enum {string} */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_job_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "job.completed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @description The job kind, e.g. `text.generate`, `image.generate`, `file.ingest`. */
                        kind: string;
                        /** @enum {string} */
                        status: "succeeded" | "failed";
                        created_at: string;
                        completed_at: string | null;
                        /** @description `job.completed`: the 200 body of the endpoint that started the job. */
                        result?: unknown;
                        error?: {
                            /** @enum {string} */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_job_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "job.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @description The job kind, e.g. `text.generate`, `image.generate`, `file.ingest`. */
                        kind: string;
                        /** @enum {string} */
                        status: "succeeded" | "failed";
                        created_at: string;
                        completed_at: string | null;
                        /** @description `job.completed`: the 200 body of the endpoint that started the job. */
                        result?: unknown;
                        error?: {
                            /** @enum {string} */
                            code: "missing_required_field" | "invalid_parameter" | "build_failed" | "clone_failed" | "unauthorized" | "forbidden" | "not_found" | "file_not_found" | "method_not_allowed" | "domain_already_exists" | "conflict" | "webhook_endpoint_disabled" | "webhook_delivery_pending" | "cancelled" | "payload_too_large" | "file_too_large" | "storage_quota_exceeded" | "unsupported_file_type" | "unsupported_media_type" | "range_not_satisfiable" | "invalid_file" | "file_too_complex" | "limit_reached" | "quota_exceeded" | "rate_limit_exceeded" | "idempotency_key_in_use" | "idempotency_key_reused" | "internal_error" | "upstream_error" | "service_unavailable";
                            message: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_usage_quota_warning: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "usage.quota_warning";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        /** @enum {string} */
                        metric: "text_tokens" | "images_generated" | "audio_seconds" | "file_chats" | "plagiarism_checks";
                        /** @description The period's total once the bill that crossed the threshold was added. */
                        used: number;
                        /** @description The plan's quota of this metric for the period. */
                        quota: number;
                        period_start: string;
                        period_end: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_usage_quota_exceeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`msg_…`), the same on every retry and replay: deduplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (Standard Webhooks). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "usage.quota_exceeded";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        /** @enum {string} */
                        metric: "text_tokens" | "images_generated" | "audio_seconds" | "file_chats" | "plagiarism_checks";
                        /** @description The period's total once the bill that crossed the threshold was added. */
                        used: number;
                        /** @description The plan's quota of this metric for the period. */
                        quota: number;
                        period_start: string;
                        period_end: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
