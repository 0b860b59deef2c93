# The prize, tie-break and season models moved to the prizes and league apps
# with their tables, which keep their names: scoring's record of them
# is removed here, and nothing in the database changes (the new apps' first
# migrations take them over, tables, rows and all).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0008_drive_prize_rules'),
        ('league', '0001_moved_from_scoring'),
        ('prizes', '0001_moved_from_scoring'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='TieDraw'),
                migrations.DeleteModel(name='DrivePrize'),
                migrations.DeleteModel(name='PrizeTemplateItem'),
                migrations.DeleteModel(name='DrivePrizeRules'),
                migrations.DeleteModel(name='MysteryScore'),
                migrations.DeleteModel(name='ClubScoringSettings'),
                migrations.DeleteModel(name='Season'),
            ],
            database_operations=[],
        ),
    ]
