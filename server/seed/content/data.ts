/**
 * Demo content of the "Alpine Racing" fan club, in English with French translations: videos, articles,
 * stories (live, sponsored, expired, rank-coded P1 / P9 / P10, 'Save to Home'), sweepstakes (live, coming
 * soon, ended), activations with badges, consents and digital downloads. Times are offsets from the
 * seeding moment (`days`/`hours` relative to now) so a fresh database always has live content.
 * Artwork: `art` names the palette and motif drawn by `art.ts`.
 */
import type { ArticleBlock, StoryType } from '../../../src/contracts/content';
import type { Motif, PALETTES } from './art';

type Art = { palette: keyof typeof PALETTES; motif: Motif };
type Fr<T> = { fr: T };
const h = (text: string): ArticleBlock => ({ type: 'heading', text });
const p = (text: string): ArticleBlock => ({ type: 'paragraph', text });

/** One hour, one day, in milliseconds. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type VideoSeed = {
  slug: string;
  name: string;
  description: string;
  fileName: string;
  durationSeconds: number;
  value: number;
  /** Published this long before the seed, in ms. */
  age: number;
  art: Art;
  translations: Fr<{ name: string; description: string }>;
};

export const VIDEOS: VideoSeed[] = [
  {
    slug: 'pit-stop',
    name: 'Pit stop in 2.1 seconds',
    description: 'Four tyres, twenty hands, one heartbeat: the crew’s fastest stop of the season, frame by frame.',
    fileName: 'video-pit-stop.mp4',
    durationSeconds: 5,
    value: 20,
    age: 1 * DAY,
    art: { palette: 'blue', motif: 'speed' },
    translations: {
      fr: {
        name: 'Un arrêt au stand en 2,1 secondes',
        description: 'Quatre pneus, vingt mains, un battement de cœur : l’arrêt le plus rapide de la saison, image par image.',
      },
    },
  },
  {
    slug: 'onboard-lap',
    name: 'Onboard lap at Monza',
    description: 'Ride along through the Temple of Speed: Curva Grande, the Lesmos and the Parabolica flat out.',
    fileName: 'video-onboard-lap.mp4',
    durationSeconds: 5,
    value: 25,
    age: 2 * DAY,
    art: { palette: 'night', motif: 'stripes' },
    translations: {
      fr: {
        name: 'Un tour embarqué à Monza',
        description: 'Embarquez pour un tour du Temple de la vitesse : Curva Grande, les Lesmo et la Parabolica à fond.',
      },
    },
  },
  {
    slug: 'driver-interview',
    name: 'Driver interview: chasing the podium',
    description: 'Our number 10 on tyre management, the last race and what the team changed overnight.',
    fileName: 'video-driver-interview.mp4',
    durationSeconds: 5,
    value: 20,
    age: 3 * DAY,
    art: { palette: 'steel', motif: 'circles' },
    translations: {
      fr: {
        name: 'Interview pilote : objectif podium',
        description: 'Notre numéro 10 parle gestion des pneus, dernière course et réglages changés pendant la nuit.',
      },
    },
  },
  {
    slug: 'factory-tour',
    name: 'Factory tour at Enstone',
    description: 'From the design office to the race bays: where every part of the car is born and tested.',
    fileName: 'video-factory-tour.mp4',
    durationSeconds: 5,
    value: 30,
    age: 5 * DAY,
    art: { palette: 'sky', motif: 'grid' },
    translations: {
      fr: {
        name: 'Visite de l’usine d’Enstone',
        description: 'Du bureau d’études aux baies de montage : là où chaque pièce de la voiture naît et est testée.',
      },
    },
  },
  {
    slug: 'launch-night',
    name: 'Season launch night',
    description: 'Lights down, covers off: the new livery revealed in front of two thousand fans.',
    fileName: 'video-launch-night.mp4',
    durationSeconds: 5,
    value: 15,
    age: 8 * DAY,
    art: { palette: 'pink', motif: 'chevrons' },
    translations: {
      fr: {
        name: 'Soirée de lancement de la saison',
        description: 'Lumières éteintes, bâche retirée : la nouvelle livrée dévoilée devant deux mille fans.',
      },
    },
  },
  {
    slug: 'wind-tunnel',
    name: 'In the wind tunnel',
    description: 'Sixty percent scale, one hundred percent effort: how the aero team hunts for downforce.',
    fileName: 'video-wind-tunnel.mp4',
    durationSeconds: 5,
    value: 25,
    age: 12 * DAY,
    art: { palette: 'green', motif: 'speed' },
    translations: {
      fr: {
        name: 'Dans la soufflerie',
        description: 'Échelle soixante pour cent, effort cent pour cent : comment l’équipe aéro traque l’appui.',
      },
    },
  },
];

type ArticleSeed = {
  slug: string;
  title: string;
  summary: string;
  body: ArticleBlock[];
  value: number;
  age: number;
  art: Art;
  translations: Fr<{ title: string; summary: string; body: ArticleBlock[] }>;
};

export const ARTICLES: ArticleSeed[] = [
  {
    slug: 'inside-a-two-second-pit-stop',
    title: 'Inside a two-second pit stop',
    summary: 'Twenty people, four wheels and a lot of practice: how the crew gets a car in and out in two seconds.',
    value: 30,
    age: 1 * DAY,
    art: { palette: 'blue', motif: 'speed' },
    body: [
      p('A pit stop looks like chaos from the grandstand. From the pit wall it is choreography: twenty people, each with one job, rehearsed hundreds of times until nobody has to think.'),
      h('Who does what'),
      p('Each corner of the car has a gunner who removes and fits the wheel nut, a tyre-off and a tyre-on. Two jack operators lift the car front and rear, two more steady it, and one person watches the whole stop and releases the driver when every wheel is signalled secure.'),
      p('The gunners carry the most pressure. A nut that cross-threads or a gun that slips costs a second, and a second in the pit lane is a place on track.'),
      h('Practice, practice, practice'),
      p('The crew practises on race weekends before the garage gets busy, and between races at the factory on a dedicated rig. A typical weekend adds up to around a hundred practice stops. The data from every one is logged: reaction time, gun time, the moment the car drops.'),
      h('Why two seconds is not the goal'),
      p('Surprisingly, the team does not chase the fastest stop. It chases the most consistent one. A 2.4-second stop every time wins more races than a 1.9 followed by a 5.0 when something goes wrong. Next time you watch a stop, look at the crew before the car arrives: the calm is the point.'),
    ],
    translations: {
      fr: {
        title: 'Dans les coulisses d’un arrêt en deux secondes',
        summary: 'Vingt personnes, quatre roues et beaucoup d’entraînement : comment l’équipe fait repartir la voiture en deux secondes.',
        body: [
          p('Depuis la tribune, un arrêt au stand ressemble au chaos. Depuis le muret, c’est une chorégraphie : vingt personnes, chacune avec une seule tâche, répétée des centaines de fois jusqu’à ce que plus personne n’ait à réfléchir.'),
          h('Qui fait quoi'),
          p('À chaque coin de la voiture, un mécanicien au pistolet retire et serre l’écrou, un autre enlève la roue et un troisième pose la neuve. Deux opérateurs de cric soulèvent l’avant et l’arrière, deux autres stabilisent la voiture, et une personne surveille l’ensemble et libère le pilote quand chaque roue est signalée serrée.'),
          p('Ce sont les mécaniciens au pistolet qui portent le plus de pression. Un écrou mal engagé ou un pistolet qui glisse coûte une seconde, et une seconde dans la voie des stands, c’est une place en piste.'),
          h('Répéter, répéter, répéter'),
          p('L’équipe s’entraîne le week-end de course avant que le garage ne s’anime, et entre les courses à l’usine sur un banc dédié. Un week-end type compte une centaine d’arrêts d’entraînement. Chacun est enregistré : temps de réaction, temps au pistolet, instant où la voiture retombe.'),
          h('Pourquoi deux secondes n’est pas l’objectif'),
          p('Étonnamment, l’équipe ne cherche pas l’arrêt le plus rapide, mais le plus régulier. Un arrêt de 2,4 secondes à chaque fois gagne plus de courses qu’un 1,9 suivi d’un 5,0 quand quelque chose se passe mal. La prochaine fois, regardez l’équipe avant l’arrivée de la voiture : le calme, c’est tout l’enjeu.'),
        ],
      },
    },
  },
  {
    slug: 'monza-fan-guide',
    title: 'Monza: a fan’s guide to the Temple of Speed',
    summary: 'Where to sit, how to get there and what not to miss at the fastest track of the season.',
    value: 25,
    age: 3 * DAY,
    art: { palette: 'night', motif: 'flag' },
    body: [
      p('Monza is the fastest circuit of the year and one of the oldest. Built in 1922 in a royal park north of Milan, it still carries the banked oval of its early days, now silent and overgrown, next to the modern track.'),
      h('Where to sit'),
      p('The grandstands at the first chicane see the most overtaking and the most drama on lap one. The Parabolica, renamed after a former champion but still called by its old name by everyone, is where you see the cars at their most committed before the long straight.'),
      h('Getting there'),
      p('Trains run from Milan to Monza station, and shuttle buses go to the park gates. On race day the roads around the park close early: leave before breakfast or take the train.'),
      h('Do not miss'),
      p('The track invasion after the race, when fans walk the straight to the podium, is one of the great sights of the sport. Stay for it, keep your team scarf, and check in with the app at the fan zone to collect the Monza badge.'),
    ],
    translations: {
      fr: {
        title: 'Monza : le guide du fan au Temple de la vitesse',
        summary: 'Où s’asseoir, comment y aller et ce qu’il ne faut pas manquer sur le circuit le plus rapide de la saison.',
        body: [
          p('Monza est le circuit le plus rapide de l’année et l’un des plus anciens. Construit en 1922 dans un parc royal au nord de Milan, il garde l’anneau relevé de ses débuts, aujourd’hui silencieux et envahi par la végétation, à côté du tracé moderne.'),
          h('Où s’asseoir'),
          p('Les tribunes de la première chicane voient le plus de dépassements et le plus de suspense au premier tour. La Parabolica, rebaptisée en l’honneur d’un ancien champion mais que tout le monde appelle encore par son ancien nom, est l’endroit où les voitures sont le plus engagées avant la longue ligne droite.'),
          h('Y aller'),
          p('Des trains relient Milan à la gare de Monza, et des navettes vont jusqu’aux entrées du parc. Le jour de la course, les routes autour du parc ferment tôt : partez avant le petit-déjeuner ou prenez le train.'),
          h('À ne pas manquer'),
          p('L’envahissement de la piste après la course, quand les fans remontent la ligne droite jusqu’au podium, est l’un des plus beaux spectacles du sport. Restez-y, gardez votre écharpe de l’équipe et validez votre présence dans l’application à la fan zone pour obtenir le badge Monza.'),
        ],
      },
    },
  },
  {
    slug: 'from-sketch-to-track-front-wing',
    title: 'From sketch to track: how a front wing is made',
    summary: 'Six weeks, three departments and one carbon-fibre part that decides how the whole car behaves.',
    value: 30,
    age: 6 * DAY,
    art: { palette: 'sky', motif: 'grid' },
    body: [
      p('The front wing is the first part of the car to meet the air, and everything behind it depends on what it does. That is why a new wing is one of the most carefully planned parts of the season.'),
      h('Weeks one and two: simulation'),
      p('The aerodynamicists start on the computer. Hundreds of variations run through fluid-dynamics simulations overnight; the best few go on to the wind tunnel as sixty-percent-scale models printed in resin.'),
      h('Weeks three and four: the tunnel'),
      p('In the wind tunnel the model is measured with a precision of a few grams of force. A promising idea on screen often loses there, because the real flow behind the wheels is messier than any model.'),
      h('Weeks five and six: carbon'),
      p('The chosen design becomes moulds, and the moulds become carbon-fibre layers cured in an autoclave. Each wing is scanned, weighed and load-tested before it travels. Two or three arrive at the track; the crew hopes to bring every one of them home.'),
    ],
    translations: {
      fr: {
        title: 'Du croquis à la piste : la fabrication d’un aileron avant',
        summary: 'Six semaines, trois services et une pièce en carbone qui décide du comportement de toute la voiture.',
        body: [
          p('L’aileron avant est la première pièce de la voiture à rencontrer l’air, et tout ce qui se trouve derrière dépend de ce qu’il en fait. C’est pourquoi un nouvel aileron est l’une des pièces les plus soigneusement préparées de la saison.'),
          h('Semaines un et deux : la simulation'),
          p('Les aérodynamiciens commencent sur ordinateur. Des centaines de variantes passent la nuit en simulation numérique des fluides ; les meilleures partent en soufflerie sous forme de maquettes à soixante pour cent imprimées en résine.'),
          h('Semaines trois et quatre : la soufflerie'),
          p('En soufflerie, la maquette est mesurée à quelques grammes de force près. Une idée prometteuse à l’écran y perd souvent, car l’écoulement réel derrière les roues est plus désordonné que n’importe quel modèle.'),
          h('Semaines cinq et six : le carbone'),
          p('Le dessin retenu devient des moules, et les moules des couches de fibre de carbone cuites en autoclave. Chaque aileron est scanné, pesé et testé en charge avant de voyager. Deux ou trois arrivent sur le circuit ; l’équipe espère tous les ramener entiers.'),
        ],
      },
    },
  },
  {
    slug: 'first-race-weekend-checklist',
    title: 'Your first race weekend: what to pack',
    summary: 'Ear protection, a rain jacket and a charged phone: the short list our members swear by.',
    value: 20,
    age: 9 * DAY,
    art: { palette: 'pink', motif: 'circles' },
    body: [
      p('A race weekend is three long days outdoors, loud, and often far from the nearest shop. Members who have done dozens of them agree on a short list.'),
      h('The essentials'),
      p('Ear protection comes first: foam plugs are fine, over-ear defenders are better for children. Then a light rain jacket, because every circuit has its own weather, sun cream, and comfortable shoes for the walk from the car park.'),
      h('Your phone'),
      p('Bring a charged phone and a small battery pack. The app keeps working without signal: check in, answer the quiz and watch saved videos offline, and everything syncs when the network comes back, usually on the way home.'),
      h('And one more thing'),
      p('Bring your team colours. The grandstands are a sea of flags, and nothing beats seeing the car come past a wall of blue and pink on the formation lap.'),
    ],
    translations: {
      fr: {
        title: 'Votre premier week-end de course : quoi emporter',
        summary: 'Protections auditives, veste de pluie et téléphone chargé : la courte liste que nos membres recommandent.',
        body: [
          p('Un week-end de course, c’est trois longues journées en plein air, dans le bruit, souvent loin du premier magasin. Les membres qui en ont vécu des dizaines s’accordent sur une courte liste.'),
          h('L’essentiel'),
          p('D’abord des protections auditives : des bouchons en mousse suffisent, un casque antibruit est préférable pour les enfants. Ensuite une veste de pluie légère, car chaque circuit a sa propre météo, de la crème solaire et des chaussures confortables pour le trajet depuis le parking.'),
          h('Votre téléphone'),
          p('Prenez un téléphone chargé et une petite batterie externe. L’application fonctionne sans réseau : validez votre présence, répondez au quiz et regardez les vidéos hors ligne ; tout se synchronise au retour du réseau, souvent sur le chemin du retour.'),
          h('Et une dernière chose'),
          p('Portez les couleurs de l’équipe. Les tribunes sont une mer de drapeaux, et rien ne vaut la voiture qui passe devant un mur bleu et rose pendant le tour de formation.'),
        ],
      },
    },
  },
];

type ChapterSeed = {
  title: string;
  caption: string;
  sponsorUrl?: string;
  art: Art;
  translations: Fr<{ title: string; caption: string }>;
};

type StorySeed = {
  /** Stable handle used by tests and by the seed (not stored). */
  key: string;
  title: string;
  type: Exclude<StoryType, 'watched'>;
  /** Offsets from the seed time, in ms; `stopsIn` null = no end. */
  startsIn: number;
  stopsIn: number | null;
  shareable: boolean;
  chapterValue: number;
  art: Art;
  translations: Fr<{ title: string }>;
  chapters: ChapterSeed[];
};

const chapter = (
  title: string,
  caption: string,
  frTitle: string,
  frCaption: string,
  art: Art,
  sponsorUrl?: string,
): ChapterSeed => ({ title, caption, art, sponsorUrl, translations: { fr: { title: frTitle, caption: frCaption } } });

export const STORIES: StorySeed[] = [
  {
    key: 'race-day-live',
    title: 'Race day live: Monza',
    type: 'live',
    startsIn: -2 * HOUR,
    stopsIn: 10 * HOUR,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'night', motif: 'flag' },
    translations: { fr: { title: 'Jour de course en direct : Monza' } },
    chapters: [
      chapter('Garage, 9:00', 'The cars are out of their covers and the crew runs the last checks.', 'Garage, 9 h', 'Les voitures sortent de leurs housses et l’équipe fait les derniers contrôles.', { palette: 'night', motif: 'grid' }),
      chapter('Grid walk', 'Tyre blankets on, drivers in, two minutes to the formation lap.', 'Sur la grille', 'Couvertures chauffantes en place, pilotes installés, deux minutes avant le tour de formation.', { palette: 'blue', motif: 'flag' }),
      chapter('Lights out', 'Both cars through the first chicane without a scratch. Let’s go!', 'Extinction des feux', 'Les deux voitures passent la première chicane sans une égratignure. C’est parti !', { palette: 'pink', motif: 'speed' }),
    ],
  },
  {
    key: 'sponsored-energy',
    title: 'Powered by Blue Horizon Energy',
    type: 'sponsored',
    startsIn: -3 * DAY,
    stopsIn: 30 * DAY,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'green', motif: 'circles' },
    translations: { fr: { title: 'Avec Blue Horizon Energy' } },
    chapters: [
      chapter('Renewable at the track', 'Our hospitality unit runs on renewable power all season.', 'De l’énergie renouvelable au circuit', 'Notre espace d’accueil fonctionne à l’énergie renouvelable toute la saison.', { palette: 'green', motif: 'stripes' }, 'https://blue-horizon-energy.example/alpine-racing'),
      chapter('Fans ride for less', 'Members get 20% off the Blue Horizon charging network this month.', 'Les fans rechargent moins cher', 'Les membres ont 20 % de réduction sur le réseau de recharge Blue Horizon ce mois-ci.', { palette: 'green', motif: 'chevrons' }, 'https://blue-horizon-energy.example/alpine-racing/offer'),
    ],
  },
  {
    key: 'garage-behind-the-scenes',
    title: 'Behind the scenes: the garage',
    type: 'default',
    startsIn: -5 * DAY,
    stopsIn: 25 * DAY,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'steel', motif: 'grid' },
    translations: { fr: { title: 'Dans les coulisses : le garage' } },
    chapters: [
      chapter('Friday night', 'Set-up changes after practice keep the mechanics busy until late.', 'Vendredi soir', 'Les réglages après les essais occupent les mécaniciens jusque tard.', { palette: 'steel', motif: 'grid' }),
      chapter('The tyre room', 'Thirteen sets per car, each one tracked by barcode.', 'La salle des pneus', 'Treize trains par voiture, chacun suivi par code-barres.', { palette: 'sky', motif: 'circles' }),
      chapter('Engineers’ corner', 'Two screens per engineer and a headset that never comes off.', 'Le coin des ingénieurs', 'Deux écrans par ingénieur et un casque qui ne quitte jamais les oreilles.', { palette: 'blue', motif: 'stripes' }),
      chapter('Ready for Sunday', 'Covers on, lights off. See you on the grid.', 'Prêts pour dimanche', 'Housses posées, lumières éteintes. Rendez-vous sur la grille.', { palette: 'night', motif: 'chevrons' }),
    ],
  },
  {
    key: 'winter-testing-diary',
    title: 'Winter testing diary',
    type: 'default',
    startsIn: -60 * DAY,
    stopsIn: -30 * DAY,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'sky', motif: 'speed' },
    translations: { fr: { title: 'Carnet des essais d’hiver' } },
    chapters: [
      chapter('Day one', 'First laps of the new car, and a long list of notes.', 'Premier jour', 'Premiers tours de la nouvelle voiture, et une longue liste de notes.', { palette: 'sky', motif: 'speed' }),
      chapter('Day three', '143 laps without a problem. The team smiles.', 'Troisième jour', '143 tours sans problème. L’équipe sourit.', { palette: 'sky', motif: 'flag' }),
    ],
  },
  {
    key: 'p1-paddock-pass',
    title: 'P1 Paddock pass: meet the drivers',
    type: 'default',
    startsIn: -1 * DAY,
    stopsIn: 60 * DAY,
    shareable: true,
    chapterValue: 10,
    art: { palette: 'gold', motif: 'circles' },
    translations: { fr: { title: 'P1 Pass paddock : rencontrez les pilotes' } },
    chapters: [
      chapter('Our top members only', 'You reached P1: the paddock gate opens for you at the next home race.', 'Réservé à nos meilleurs membres', 'Vous avez atteint P1 : les portes du paddock s’ouvrent pour vous à la prochaine course à domicile.', { palette: 'gold', motif: 'flag' }),
      chapter('How to book', 'Show this story at the hospitality desk to book your slot.', 'Comment réserver', 'Montrez cette story à l’accueil pour réserver votre créneau.', { palette: 'gold', motif: 'chevrons' }),
    ],
  },
  {
    key: 'p9-garage-tour',
    title: 'P9 Garage tour: your first rank-up reward',
    type: 'default',
    startsIn: -1 * DAY,
    stopsIn: 60 * DAY,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'blue', motif: 'chevrons' },
    translations: { fr: { title: 'P9 Visite du garage : votre première récompense de rang' } },
    chapters: [
      chapter('Welcome to P9', 'You climbed your first rank. A garage tour slot is waiting for you.', 'Bienvenue en P9', 'Vous avez gagné votre premier rang. Une visite du garage vous attend.', { palette: 'blue', motif: 'chevrons' }),
      chapter('Keep climbing', 'Every check-in, quiz and video brings you closer to P8.', 'Continuez à grimper', 'Chaque présence, quiz et vidéo vous rapproche de P8.', { palette: 'blue', motif: 'speed' }),
    ],
  },
  {
    key: 'p10-welcome-pack',
    title: 'P10 Welcome pack: your first steps',
    type: 'default',
    startsIn: -2 * DAY,
    stopsIn: 90 * DAY,
    shareable: true,
    chapterValue: 5,
    art: { palette: 'pink', motif: 'stripes' },
    translations: { fr: { title: 'P10 Pack de bienvenue : vos premiers pas' } },
    chapters: [
      chapter('Welcome to the club', 'Every member starts at P10. Earn points to climb to P1.', 'Bienvenue au club', 'Chaque membre commence en P10. Gagnez des points pour grimper jusqu’en P1.', { palette: 'pink', motif: 'stripes' }),
      chapter('Earn your first points', 'Check in every day, answer quizzes and watch videos.', 'Gagnez vos premiers points', 'Validez votre présence chaque jour, répondez aux quiz et regardez les vidéos.', { palette: 'pink', motif: 'circles' }),
      chapter('Spend them', 'Enter sweepstakes for prizes money cannot buy.', 'Dépensez-les', 'Participez aux jeux-concours pour des lots que l’argent ne peut pas acheter.', { palette: 'pink', motif: 'chevrons' }),
    ],
  },
  {
    key: 'save-to-home',
    title: 'Save to Home',
    type: 'default',
    startsIn: -10 * DAY,
    stopsIn: null,
    shareable: false,
    chapterValue: 5,
    art: { palette: 'steel', motif: 'circles' },
    translations: { fr: { title: 'Save to Home' } },
    chapters: [
      chapter('Install the app', 'Open your browser menu and choose “Add to Home screen”.', 'Installez l’application', 'Ouvrez le menu du navigateur et choisissez « Ajouter à l’écran d’accueil ».', { palette: 'steel', motif: 'grid' }),
      chapter('Works without signal', 'At the track, the app opens at once and syncs when the network is back.', 'Fonctionne sans réseau', 'Au circuit, l’application s’ouvre immédiatement et se synchronise au retour du réseau.', { palette: 'steel', motif: 'speed' }),
    ],
  },
];

type SweepstakeSeed = {
  title: string;
  description: string;
  prize: string;
  startsIn: number;
  endsIn: number;
  entryCost: number;
  maxEntriesPerUser: number | null;
  art: Art;
  translations: Fr<{ title: string; description: string; prize: string }>;
};

export const SWEEPSTAKES: SweepstakeSeed[] = [
  {
    title: 'Win a hot lap at Monza',
    description: 'Sit next to a team driver for one flat-out lap of the Temple of Speed on race weekend.',
    prize: 'One passenger hot lap with travel for one',
    startsIn: -3 * DAY,
    endsIn: 10 * DAY,
    entryCost: 200,
    maxEntriesPerUser: 10,
    art: { palette: 'night', motif: 'speed' },
    translations: {
      fr: {
        title: 'Gagnez un tour chaud à Monza',
        description: 'Installez-vous à côté d’un pilote de l’équipe pour un tour à fond du Temple de la vitesse pendant le week-end de course.',
        prize: 'Un tour passager avec voyage pour une personne',
      },
    },
  },
  {
    title: 'Signed race helmet',
    description: 'A full-size replica helmet signed by both race drivers after the season finale.',
    prize: 'One signed replica helmet',
    startsIn: -5 * DAY,
    endsIn: 20 * DAY,
    entryCost: 500,
    maxEntriesPerUser: null,
    art: { palette: 'blue', motif: 'circles' },
    translations: {
      fr: {
        title: 'Casque de course dédicacé',
        description: 'Une réplique taille réelle du casque, dédicacée par les deux pilotes après la dernière course.',
        prize: 'Un casque réplique dédicacé',
      },
    },
  },
  {
    title: 'Team cap and scarf bundle',
    description: 'This season’s official cap and scarf, ten bundles to win every week.',
    prize: 'Ten cap-and-scarf bundles',
    startsIn: -1 * DAY,
    endsIn: 5 * DAY,
    entryCost: 50,
    maxEntriesPerUser: null,
    art: { palette: 'pink', motif: 'stripes' },
    translations: {
      fr: {
        title: 'Lot casquette et écharpe',
        description: 'La casquette et l’écharpe officielles de la saison, dix lots à gagner chaque semaine.',
        prize: 'Dix lots casquette et écharpe',
      },
    },
  },
  {
    title: 'Driver meet and greet',
    description: 'Twenty minutes with the drivers in the hospitality unit, photos included.',
    prize: 'Meet and greet for two',
    startsIn: -2 * DAY,
    endsIn: 14 * DAY,
    entryCost: 250,
    maxEntriesPerUser: 5,
    art: { palette: 'steel', motif: 'chevrons' },
    translations: {
      fr: {
        title: 'Rencontre avec les pilotes',
        description: 'Vingt minutes avec les pilotes dans l’espace d’accueil, photos comprises.',
        prize: 'Une rencontre pour deux personnes',
      },
    },
  },
  {
    title: 'Paddock Club weekend for two',
    description: 'Three days in the Paddock Club with pit-lane walk and garage tour at the next home race.',
    prize: 'Paddock Club passes for two',
    startsIn: 7 * DAY,
    endsIn: 30 * DAY,
    entryCost: 300,
    maxEntriesPerUser: 10,
    art: { palette: 'gold', motif: 'flag' },
    translations: {
      fr: {
        title: 'Week-end au Paddock Club pour deux',
        description: 'Trois jours au Paddock Club avec visite de la voie des stands et du garage lors de la prochaine course à domicile.',
        prize: 'Deux pass Paddock Club',
      },
    },
  },
  {
    title: 'Factory tour for four',
    description: 'A guided tour of the Enstone factory for you and three friends.',
    prize: 'Factory tour for four people',
    startsIn: -40 * DAY,
    endsIn: -3 * DAY,
    entryCost: 100,
    maxEntriesPerUser: null,
    art: { palette: 'sky', motif: 'grid' },
    translations: {
      fr: {
        title: 'Visite de l’usine pour quatre',
        description: 'Une visite guidée de l’usine d’Enstone pour vous et trois amis.',
        prize: 'Une visite de l’usine pour quatre personnes',
      },
    },
  },
];

type ActivationSeed = {
  slug: string;
  title: string;
  description: string;
  startsIn: number;
  stopsIn: number | null;
  value: number;
  art: Art;
  translations: Fr<{ title: string; description: string }>;
  badges: {
    slug: string;
    name: string;
    description: string;
    label: string;
    palette: keyof typeof PALETTES;
    translations: Fr<{ name: string; description: string }>;
  }[];
};

export const ACTIVATIONS: ActivationSeed[] = [
  {
    slug: 'monza-fan-zone',
    title: 'Monza fan zone',
    description: 'Scan the code at the fan zone stand during the Monza weekend to collect your badge.',
    startsIn: -1 * DAY,
    stopsIn: 30 * DAY,
    value: 50,
    art: { palette: 'night', motif: 'flag' },
    translations: {
      fr: {
        title: 'Fan zone de Monza',
        description: 'Scannez le code au stand de la fan zone pendant le week-end de Monza pour obtenir votre badge.',
      },
    },
    badges: [
      {
        slug: 'monza-fan',
        name: 'Monza fan',
        description: 'You were at the Temple of Speed.',
        label: 'MZA',
        palette: 'night',
        translations: { fr: { name: 'Fan de Monza', description: 'Vous étiez au Temple de la vitesse.' } },
      },
    ],
  },
  {
    slug: 'factory-open-day',
    title: 'Factory open day',
    description: 'Visit the Enstone factory on open day and check in at the reception to collect two badges.',
    startsIn: -7 * DAY,
    stopsIn: 60 * DAY,
    value: 75,
    art: { palette: 'sky', motif: 'grid' },
    translations: {
      fr: {
        title: 'Journée portes ouvertes de l’usine',
        description: 'Visitez l’usine d’Enstone lors de la journée portes ouvertes et présentez-vous à l’accueil pour obtenir deux badges.',
      },
    },
    badges: [
      {
        slug: 'factory-visitor',
        name: 'Factory visitor',
        description: 'You walked the floor where the car is built.',
        label: 'ENS',
        palette: 'sky',
        translations: { fr: { name: 'Visiteur de l’usine', description: 'Vous avez parcouru l’atelier où naît la voiture.' } },
      },
      {
        slug: 'wind-tunnel-witness',
        name: 'Wind tunnel witness',
        description: 'You saw the wind tunnel in action.',
        label: 'AERO',
        palette: 'green',
        translations: { fr: { name: 'Témoin de la soufflerie', description: 'Vous avez vu la soufflerie en action.' } },
      },
    ],
  },
];

type ConsentSeed = {
  key: string;
  name: string;
  description: string;
  translations: Fr<{ name: string; description: string }>;
};

export const CONSENTS: ConsentSeed[] = [
  {
    key: 'marketing-emails',
    name: 'News and offers by e-mail',
    description: 'Race previews, club news and member offers from Alpine Racing, at most once a week.',
    translations: {
      fr: {
        name: 'Actualités et offres par e-mail',
        description: 'Avant-premières des courses, nouvelles du club et offres réservées aux membres, au plus une fois par semaine.',
      },
    },
  },
  {
    key: 'partner-offers',
    name: 'Offers from our partners',
    description: 'Let the team share selected offers from its official partners with you. Your e-mail is never sold.',
    translations: {
      fr: {
        name: 'Offres de nos partenaires',
        description: 'Autoriser l’équipe à vous transmettre des offres choisies de ses partenaires officiels. Votre e-mail n’est jamais vendu.',
      },
    },
  },
  {
    key: 'analytics',
    name: 'Help us improve the app',
    description: 'Share anonymous usage statistics so we can see which features fans use.',
    translations: {
      fr: {
        name: 'Nous aider à améliorer l’application',
        description: 'Partager des statistiques d’utilisation anonymes pour savoir quelles fonctions les fans utilisent.',
      },
    },
  },
];

type DownloadSeed = {
  fileId: string;
  title: string;
  description: string;
  fileName: string;
  art: Art;
  translations: Fr<{ title: string; description: string }>;
};

export const DOWNLOADS: DownloadSeed[] = [
  {
    fileId: 'alpine-racing-wallpapers.pdf',
    title: 'Phone wallpapers',
    description: 'Three phone wallpapers in team colours: the livery, night race and podium.',
    fileName: 'Alpine Racing wallpapers.pdf',
    art: { palette: 'blue', motif: 'stripes' },
    translations: {
      fr: { title: 'Fonds d’écran pour téléphone', description: 'Trois fonds d’écran aux couleurs de l’équipe : la livrée, la course de nuit et le podium.' },
    },
  },
  {
    fileId: 'alpine-racing-calendar-2027.pdf',
    title: 'Season calendar 2027',
    description: 'Every race weekend of the season on one printable page.',
    fileName: 'Alpine Racing calendar 2027.pdf',
    art: { palette: 'night', motif: 'flag' },
    translations: {
      fr: { title: 'Calendrier de la saison 2027', description: 'Tous les week-ends de course de la saison sur une page à imprimer.' },
    },
  },
  {
    fileId: 'alpine-racing-stickers.pdf',
    title: 'Team sticker sheet',
    description: 'Twelve round stickers to print on sticker paper and cut out.',
    fileName: 'Alpine Racing stickers.pdf',
    art: { palette: 'pink', motif: 'circles' },
    translations: {
      fr: { title: 'Planche d’autocollants', description: 'Douze autocollants ronds à imprimer sur papier adhésif et à découper.' },
    },
  },
];
