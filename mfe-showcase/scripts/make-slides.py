#!/usr/bin/env python3
"""Writes the sample slide decks under mfe-showcase/public/slides/ with the standard library,
through the PDF writer of shared/scripts/make-documents.py. Every deck here is SAMPLE CONTENT,
to be replaced by the presenters' real slides. Run: python3 mfe-showcase/scripts/make-slides.py
"""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / 'mfe-showcase/public/slides'

_spec = importlib.util.spec_from_file_location('make_documents', ROOT / 'shared/scripts/make-documents.py')
make_documents = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_documents)

EVENTS = {
    '11172024': 'Fall 2024 Wildfire Innovation Showcase - November 17, 2024',
    '02052025': 'Winter 2025 Wildfire Innovation Showcase - February 5, 2025',
    '04232025': 'Spring 2025 Wildfire Innovation Showcase - April 23, 2025',
    '07162025': 'Summer 2025 Wildfire Innovation Showcase - July 16, 2025',
}

CONSORTIUM_UPDATES = {
    '11172024': 'Why we started this showcase: new ideas reach communities too slowly. Tonight: five ventures, one question each - what would it take to put this to work in your town?',
    '02052025': 'Since the fall showcase: two pilot introductions made, the scorecard in use by new communities, and a growing list of investors asking for wildfire deal flow.',
    '04232025': 'Fire season is weeks away. This showcase focuses on what can be in place by summer: fuel work, warnings that reach everyone, and crews to do the work.',
    '07162025': 'A year of showcases: over 500 live attendees and 10,000 registrants in two years. What we learned, and how ventures can apply for the next one.',
}

# file name -> (organisation, presenter, one-line pitch, the ask)
INNOVATOR_DECKS = {
    '11172024-embersight-labs.pdf': ('EmberSight Labs', 'Priya Raman', 'Smoke detection from the cameras already on towers and lookouts.', 'Two more county dispatch centres for the 2025 season.'),
    '11172024-hearthguard-materials.pdf': ('HearthGuard Materials', 'Dana Whitfield', 'A clear, non-toxic ember-resistant coating for wood siding and decks.', 'A community partner to coat one whole street and measure the result.'),
    '11172024-backcountry-water-works.pdf': ('Backcountry Water Works', 'Marcus Bell', 'Solar-pumped ridgeline water tanks shared by fire crews and ranchers.', 'Landowners with ridgeline sites and a seed round to build ten tanks.'),
    '02052025-cinder-mesh-networks.pdf': ('Cinder Mesh Networks', 'Aiyana Brightwater', 'Ember and gas sensors on a long-range mesh, seven years on one battery.', 'Neighbourhoods at the wildland edge willing to host a pilot.'),
    '02052025-releaf-recovery.pdf': ('ReLeaf Recovery', 'Grace Kim-Whitaker', 'Erosion mats from recycled fibre and native seed for burned slopes.', 'Water agencies planning post-fire work this winter.'),
    '02052025-vireo-risk-data.pdf': ('Vireo Risk Data', 'Jonah Feld', 'Parcel-level wildfire risk scores that reward home hardening.', 'Insurers ready to test mitigation discounts.'),
    '04232025-firebreak-robotics.pdf': ('Firebreak Robotics', 'Samuel Adeyemi', 'Remote-supervised robots that clear brush on steep, hot slopes.', 'Land managers with steep fuel breaks to clear before summer.'),
    '04232025-safehaven-alerts.pdf': ('SafeHaven Alerts', 'Lucia Fernandez', 'Evacuation warnings in the languages people speak at home.', 'Counties that want to reach every resident this season.'),
    '04232025-wildland-workforce-academy.pdf': ('Wildland Workforce Academy', 'Rosa Delgado', 'Paid training for rural young adults as fuel and fire crew members.', 'Host employers for the next cohort of trainees.'),
    '07162025-clearsky-air.pdf': ('ClearSky Air', 'Hannah Osei', 'Quiet classroom air cleaners and a smoke-day dashboard for schools.', 'School districts to join the autumn pilot.'),
    '07162025-rxburn-planner.pdf': ('RxBurn Planner', 'Nina Castellanos', 'Prescribed-burn plans, permits and go/no-go tracking in days, not weeks.', 'County and tribal fire programmes to test the planner.'),
}


def consortium_deck(date):
    return [
        ('Wildfire Prevention Consortium', None),
        (EVENTS[date], None),
        ('Consortium update', CONSORTIUM_UPDATES[date]),
        ('Presented by', 'Elena Marsh, Executive Director, Wildfire Prevention Consortium, and David Okonkwo, Showcase Director, Resilience Ventures Collective.'),
        ('The showcase', 'Free to attend. Free to present. Featuring 7 to 10 trailblazing ventures at every event, chosen with our innovation curation partners.'),
        ('Get involved', 'Pilot the Community Wildfire Resilience Scorecard, sponsor the showcase, or apply to present at the next one.'),
        ('Sample slides', 'These slides are sample content for the website and will be replaced by the real deck.'),
    ]


def innovator_deck(date, organisation, presenter, pitch, ask):
    return [
        (organisation, None),
        (EVENTS[date], None),
        ('In one line', pitch),
        ('Presented by', presenter),
        ('What we are asking for', ask),
        ('Sample slides', 'These slides are sample content for the website and will be replaced by the presenter\'s real deck.'),
    ]


def decks():
    for date in EVENTS:
        yield f'{date}-consortium-update.pdf', consortium_deck(date), f'Consortium update - {EVENTS[date]}'
    for name, (organisation, presenter, pitch, ask) in INNOVATOR_DECKS.items():
        date = name.split('-', 1)[0]
        yield name, innovator_deck(date, organisation, presenter, pitch, ask), f'{organisation} - {EVENTS[date]}'


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, sections, title in decks():
        path = OUT / name
        path.write_bytes(make_documents.make_pdf(sections, title))
        print(f'wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)')


if __name__ == '__main__':
    main()
