-- The host application's own migration, beside which the inbox's run in their own history table.
CREATE TABLE host_note (id INTEGER PRIMARY KEY, text VARCHAR(200) NOT NULL);
