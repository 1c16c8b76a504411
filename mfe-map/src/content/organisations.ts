// SAMPLE CONTENT: every organisation below is invented to fill the map until the team supplies
// the real showcase list (see README, "Sample content"). Websites use the reserved .example
// domain so no link points at a real company. Three latLong values are malformed on purpose:
// they show how the map treats bad data (the entry stays in the list, it gets no marker).
import appalachianLogo from './logos/appalachian-fire-learning-exchange.svg';
import bitterrootLogo from './logos/bitterroot-prescribed-fire-council.svg';
import blueMountainsLogo from './logos/blue-mountains-fire-sensing.svg';
import borealLogo from './logos/boreal-fireguard.svg';
import brandenburgLogo from './logos/brandenburg-forest-fire-tech.svg';
import bushfireReadyLogo from './logos/bushfire-ready-communities.svg';
import cerradoLogo from './logos/cerrado-fire-management-institute.svg';
import chaparralLogo from './logos/chaparral-defensible-spaces.svg';
import emberlineLogo from './logos/emberline-analytics.svg';
import fynbosLogo from './logos/fynbos-fire-collective.svg';
import landesLogo from './logos/landes-forest-sentinel.svg';
import mediterraneanLogo from './logos/mediterranean-fire-lab.svg';
import pyrocastLogo from './logos/pyrocast-forecasting.svg';
import ridgewatchLogo from './logos/ridgewatch-sensors.svg';
import sierraMadreLogo from './logos/sierra-madre-brigadas-digitales.svg';
import type { MapOrganisation } from './organisation';

export const organisations: readonly MapOrganisation[] = [
  // North America
  {
    orgName: 'Emberline Analytics',
    website: 'https://emberline.example',
    shortDescription:
      'Turns satellite heat detections and utility outage data into a live ignition-risk score for every street in a service area.',
    orgLogo: emberlineLogo,
    latLong: '37.7749,-122.4194',
  },
  {
    orgName: 'Ridgewatch Sensors',
    website: 'https://ridgewatch.example',
    shortDescription:
      'Solar-powered smoke and humidity sensors for ridgelines, reporting over low-power radio where there is no mobile signal.',
    orgLogo: ridgewatchLogo,
    latLong: '37.8044,-122.2712',
  },
  {
    orgName: 'Firebreak Commons',
    website: 'https://firebreakcommons.example',
    shortDescription:
      'Helps neighbours share the cost of clearing brush along property lines, with a simple app to plan and log the work.',
    latLong: '37.8715,-122.2730',
  },
  {
    orgName: 'Cinder & Sage Restoration',
    website: 'https://cinderandsage.example',
    shortDescription: 'Replants burned hillsides with native, fire-adapted species grown from locally collected seed.',
    latLong: '38.5816,-121.4944',
  },
  {
    orgName: 'Tahoe Basin Embers Project',
    website: 'https://tahoeembers.example',
    shortDescription:
      'Tracks how far wind carries embers into lakeside neighbourhoods and retrofits vents and gutters on the homes most exposed.',
    // Malformed on purpose: a semicolon instead of a comma.
    latLong: '39.0968;-120.0324',
  },
  {
    orgName: 'Chaparral Defensible Spaces',
    website: 'https://chaparralspaces.example',
    shortDescription:
      'Free home-ignition-zone assessments for older residents in canyon communities, followed by a volunteer work day.',
    orgLogo: chaparralLogo,
    latLong: '32.7157,-117.1611',
  },
  {
    orgName: 'Santa Ana Wind Lab',
    website: 'https://santaanawindlab.example',
    shortDescription:
      'A university spin-out forecasting downslope wind events block by block, so utilities can cut power only where needed.',
    latLong: '34.0522,-118.2437',
  },
  {
    orgName: 'Pyrocast Forecasting',
    website: 'https://pyrocast.example',
    shortDescription:
      'Fire-weather forecasts for land managers that show how many good prescribed-burn days lie ahead each season.',
    orgLogo: pyrocastLogo,
    latLong: '40.0150,-105.2705',
  },
  {
    orgName: 'High Desert Fuel Partners',
    website: 'https://highdesertfuel.example',
    shortDescription:
      'Collects juniper and sagebrush cleared for fuel breaks and turns it into fence posts and heating pellets.',
    latLong: '44.0582,-121.3153',
  },
  {
    orgName: 'Cascadia Smoke Ready',
    website: 'https://cascadiasmokeready.example',
    shortDescription:
      'Lends air purifiers and builds clean-air rooms in schools and libraries before the smoke season arrives.',
    latLong: '45.5152,-122.6784',
  },
  {
    orgName: 'Bitterroot Prescribed Fire Council',
    website: 'https://bitterrootfire.example',
    shortDescription:
      'Brings ranchers, tribes and agencies together to plan prescribed burns and train the crews that carry them out.',
    orgLogo: bitterrootLogo,
    latLong: '46.8721,-113.9940',
  },
  {
    orgName: 'Sonoran Firewise Network',
    website: 'https://sonoranfirewise.example',
    shortDescription:
      'Pulls invasive buffelgrass from desert neighbourhoods, where it turns a landscape that rarely burned into fuel.',
    latLong: '32.2226,-110.9747',
  },
  {
    orgName: 'Lone Star Grassfire Alliance',
    website: 'https://lonestargrassfire.example',
    shortDescription:
      'Texts rural volunteer fire departments a daily grassfire danger rating built from soil moisture and wind.',
    latLong: '30.2672,-97.7431',
  },
  {
    orgName: 'Prairie Ember Mapping',
    website: 'https://prairieember.example',
    shortDescription:
      'Maps cured-grass fuel loads across the Great Plains every week from drone and satellite imagery.',
    latLong: '40.8136,-96.7026',
  },
  {
    orgName: 'Appalachian Fire Learning Exchange',
    website: 'https://appalachianfire.example',
    shortDescription:
      'Hosts field days where foresters and landowners see how well-timed burns restore oak and pine woodlands.',
    orgLogo: appalachianLogo,
    latLong: '35.5951,-82.5515',
  },
  {
    orgName: 'Everglades Fire Ecology Trust',
    website: 'https://evergladesfire.example',
    shortDescription:
      'Studies how drought and fire shape sawgrass marshes and shares burn plans with the parks that manage them.',
    latLong: '25.7617,-80.1918',
  },
  {
    orgName: 'Pine Barrens Fire Watch',
    website: 'https://pinebarrensfirewatch.example',
    shortDescription:
      'Restores fire towers with cameras and volunteers, giving early warning across the pine forests of the coastal plain.',
    latLong: '39.8000,-74.5000',
  },
  {
    orgName: 'Kona Dryland Fire Partnership',
    website: 'https://konadrylandfire.example',
    shortDescription:
      'Replaces fire-prone guinea grass with native dryland forest around island towns and water catchments.',
    // Malformed on purpose: a place name where the coordinates belong.
    latLong: 'Kailua-Kona, HI',
  },
  {
    orgName: 'Interior Alaska Tundra Fire Observatory',
    website: 'https://tundrafire.example',
    shortDescription:
      'Measures how fires that smoulder in permafrost peat release carbon, and shares the findings with northern villages.',
    // Malformed on purpose: longitude and latitude swapped, which puts the latitude off the globe.
    latLong: '-147.7164,64.8378',
  },
  {
    orgName: 'Boreal Fireguard',
    website: 'https://borealfireguard.example',
    shortDescription:
      'Plans fire-resistant aspen belts around small interior towns and trains residents to maintain them.',
    orgLogo: borealLogo,
    latLong: '49.8880,-119.4960',
  },
  {
    orgName: 'Northern Lights Wildfire Research',
    website: 'https://northernlightsfire.example',
    shortDescription: 'Models how boreal fires spread overnight, when crews used to assume they would quiet down.',
    latLong: '53.5461,-113.4938',
  },
  {
    orgName: 'Laurentian Forest Resilience',
    website: 'https://laurentianforest.example',
    shortDescription:
      'Works with sawmills and municipalities to thin forest edges and use the wood close to where it was cut.',
    latLong: '46.8139,-71.2080',
  },
  {
    orgName: 'Sierra Madre Brigadas Digitales',
    website: 'https://brigadasdigitales.example',
    shortDescription:
      'Gives community fire brigades a shared radio-and-map kit so villages can coordinate on the first day of a fire.',
    orgLogo: sierraMadreLogo,
    latLong: '20.6597,-103.3496',
  },
  // Europe
  {
    orgName: 'Mediterranean Fire Lab',
    website: 'https://medfirelab.example',
    shortDescription:
      'Tests how terraces, orchards and grazing at the edge of towns slow a fire, and publishes the results openly.',
    orgLogo: mediterraneanLogo,
    latLong: '39.4699,-0.3763',
  },
  {
    orgName: 'Olive Grove Firewatch',
    website: 'https://olivefirewatch.example',
    shortDescription:
      'Organises village lookouts and a simple alert line during heatwaves on the hillsides above the city.',
    latLong: '37.9838,23.7275',
  },
  {
    orgName: 'Landes Forest Sentinel',
    website: 'https://landessentinel.example',
    shortDescription:
      'Pairs thermal cameras on fire towers with software that separates a new smoke plume from field dust.',
    orgLogo: landesLogo,
    latLong: '44.8378,-0.5792',
  },
  {
    orgName: 'Serra Verde Fire Partnership',
    website: 'https://serraverde.example',
    shortDescription:
      'Helps smallholders replace eucalyptus plantations with mixed native woodland that burns less fiercely.',
    latLong: '40.2033,-8.4103',
  },
  {
    orgName: 'Nordic Heath Fire Network',
    website: 'https://nordicheathfire.example',
    shortDescription: 'Revives traditional heathland burning with farmers and municipalities, one hectare at a time.',
    latLong: '59.8586,17.6389',
  },
  {
    orgName: 'Peatland Guardians',
    website: 'https://peatlandguardians.example',
    shortDescription: 'Re-wets drained moorland so the peat stops drying out and fires stay shallow and short.',
    latLong: '55.9533,-3.1883',
  },
  {
    orgName: 'Apennine Embers',
    website: 'https://apennineembers.example',
    shortDescription:
      'Brings goats and shepherds back to abandoned hill pastures, where they keep the undergrowth in check.',
    latLong: '43.7696,11.2558',
  },
  {
    orgName: 'Brandenburg Forest Fire Tech',
    website: 'https://brandenburgfiretech.example',
    shortDescription:
      'Flies drones over former military forests to spot fires where buried munitions keep ground crews away.',
    orgLogo: brandenburgLogo,
    latLong: '52.3906,13.0645',
  },
  // Australia and New Zealand
  {
    orgName: 'Bushfire Ready Communities',
    website: 'https://bushfireready.example',
    shortDescription:
      'Runs street-by-street bushfire planning evenings so every household knows when it will leave and where it will go.',
    orgLogo: bushfireReadyLogo,
    latLong: '-37.8136,144.9631',
  },
  {
    orgName: 'Cool Burn Country',
    website: 'https://coolburncountry.example',
    shortDescription:
      'Supports Traditional Owner ranger groups in early dry-season cultural burning across the northern savannas.',
    latLong: '-12.4634,130.8456',
  },
  {
    orgName: 'Eucalypt Ember Research',
    website: 'https://eucalyptember.example',
    shortDescription:
      'Studies how far bark embers travel, to set better building standards for homes at the bush edge.',
    latLong: '-35.2809,149.1300',
  },
  {
    orgName: 'Blue Mountains Fire Sensing',
    website: 'https://bluemountainsfire.example',
    shortDescription:
      'Networks of low-cost sensors along escarpment towns that warn residents when smoke is moving their way.',
    orgLogo: blueMountainsLogo,
    latLong: '-33.7125,150.3119',
  },
  {
    orgName: 'Canterbury Rural Fire Innovation',
    website: 'https://canterburyruralfire.example',
    shortDescription:
      'Trials green firebreaks of low-flammability plants around farms and the edges of plantation forests.',
    latLong: '-43.5321,172.6362',
  },
  // Elsewhere
  {
    orgName: 'Patagonia Fire Brigade Network',
    website: 'https://patagoniabrigades.example',
    shortDescription:
      'Trains and equips volunteer brigades in southern forest towns, and connects them with each other by radio.',
    latLong: '-39.8142,-73.2459',
  },
  {
    orgName: 'Cerrado Fire Management Institute',
    website: 'https://cerradofire.example',
    shortDescription:
      'Plans mosaic burns with savanna communities to prevent the large late-season fires that damage the land most.',
    orgLogo: cerradoLogo,
    latLong: '-15.7939,-47.8828',
  },
  {
    orgName: 'Fynbos Fire Collective',
    website: 'https://fynbosfire.example',
    shortDescription:
      'Clears invasive pines from mountain slopes so fynbos can burn on its natural cycle, far from homes.',
    orgLogo: fynbosLogo,
    latLong: '-33.9249,18.4241',
  },
  {
    orgName: 'Satoyama Forest Fire Lab',
    website: 'https://satoyamafire.example',
    shortDescription:
      'Maps abandoned village woodlands and helps communities manage them again as firebreaks and sources of timber.',
    latLong: '38.2682,140.8694',
  },
];
