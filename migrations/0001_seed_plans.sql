-- The plan table of decisions.md. Re-running is harmless; operators may change values later.
INSERT INTO "plans" ("id", "rate_limit_per_minute", "quota_text_tokens", "quota_images_generated", "quota_audio_seconds", "quota_file_chats", "features") VALUES
  ('free',     60,    50000,    25,    0,      0,     ARRAY['usage','text','plagiarism','image']),
  ('pro',      600,   2000000,  1000,  36000,  2000,  ARRAY['usage','text','plagiarism','image','voice','files']),
  ('business', 3000,  20000000, 10000, 360000, 20000, ARRAY['usage','text','plagiarism','image','voice','files','hosting'])
ON CONFLICT ("id") DO NOTHING;
