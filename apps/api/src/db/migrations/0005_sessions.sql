-- Sessions: a per-account token version and the refresh-rotation grace window.

-- Carried in every access token ("ver"). A password change or reset bumps it, so every access
-- token signed before the change is refused at once instead of living until it expires.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;
ALTER TABLE affiliates ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- When a refresh token is rotated: which client rotated it (a hash of its address and user agent)
-- and its successor, encrypted with a key derived from the rotated token itself. For a few seconds
-- the same client presenting the same token (two tabs waking up together) gets that same
-- successor back instead of being treated as a thief.
ALTER TABLE refresh_tokens ADD COLUMN rotated_by text;
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;
