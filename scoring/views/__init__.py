"""scoring's pages: scores and adjustments (scores), the captain's phone
(captain), the organiser's room, links, projector and public leaderboard
(room), secret links (secret_links) and the audit record (audit)."""
