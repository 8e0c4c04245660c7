-- Every search reads the trigram index's pending list (entries not yet merged into the index) whole:
-- up to gin_pending_list_limit, 4 MB by default (about 500 pages per search after a bulk import or
-- many sign-ins). 128 kB bounds that read; the list is merged when it fills or at vacuum. Set in
-- place (no rebuild), and the list merged now.
ALTER INDEX "users_search_trgm_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_trgm_idx');
