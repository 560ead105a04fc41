"""The league: seasons of tournaments with their points and tables, and the members' skill
ratings, all computed from the stored results of finished events (:mod:`bot.seasons.results`).
No Discord: :mod:`bot.discord.seasons` shows them."""
