-- Start passwords are no longer kept for login letters (issue 42 F8): a letter issues a fresh one; only hashes stay.
DROP TABLE "children_parent_start_passwords" CASCADE;