-- The unique index (user_id, day) already serves every lookup by member; this one only cost each check-in a write.
DROP INDEX "checkins_user_idx";
