/**
 * The demo organization's program content that used to be built into the app (decisions 0024, 0025): the
 * organization's own settings (short name, French name, internal e-mail domains, the cars page), the benefits each
 * rank unlocks and the rewards carousel's five cards with their illustrations (media rows). English and French,
 * the same texts the app showed before; operators change all of it in the console.
 */
import { fileURLToPath } from 'node:url';
import type { CarsPage } from '../../src/contracts/admin/cars-page';
import type { RankCode } from '../../src/contracts/organization';
import type { Tx } from '../db/client';
import { benefits, carouselCards } from '../db/schema';
import { createMediaFromFile } from './factories';

const MEDIA_DIR = fileURLToPath(new URL('./media/', import.meta.url));

/** Settings of the demo organization besides its name, colour and time zone. */
export const DEMO_SETTINGS = {
  shortName: 'Alpine',
  translations: { fr: { name: 'Alpine Racing', shortName: 'Alpine' } },
  /** Members with these e-mail domains are flagged internal for analytics (spec §5). */
  internalEmailDomains: ['alpine-racing.example', 'podium.example'],
  defaultLanguage: 'en',
} as const;

/** French titles of the demo's ranks (the English ones are `DEFAULT_RANKS`). */
export const DEMO_RANK_TITLES_FR: Record<RankCode, string> = {
  P10: 'Débutant',
  P9: 'As du karting',
  P8: 'Pilote junior',
  P7: 'Pilote de réserve',
  P6: 'Pilote',
  P5: 'Dans les points',
  P4: 'Chasseur de podiums',
  P3: 'Vainqueur de course',
  P2: 'Poleman',
  P1: 'Champion du monde',
};

/** The cars page: the team's race car and the partner brand Alpine's road cars (published or approximate figures). */
export const DEMO_CARS_PAGE: CarsPage = {
  intro: 'From the track to the road: the team’s race car and the sports cars of our partner brand Alpine.',
  raceTitle: 'Race car',
  roadTitle: 'Alpine road cars',
  roadIntro: 'Lightweight French sports cars built in Dieppe, and Alpine’s new electric range.',
  note: 'Figures are manufacturer data or approximate values, for information only.',
  cars: [
    {
      id: 'ar27',
      kind: 'race',
      name: 'AR27',
      colors: { body: '#0055a4', accent: '#ff5fa2' },
      text: 'This season’s car: carbon monocoque, hybrid power unit and a livery in the team’s blue.',
      specs: [
        { label: 'engine', value: '1.6 L V6 turbo hybrid' },
        { label: 'power', value: 1000 },
        { label: 'weight', value: 800 },
        { label: 'topSpeed', value: 350 },
      ],
    },
    {
      id: 'a110',
      kind: 'road',
      name: 'Alpine A110',
      colors: { body: '#1d4f9c', accent: '#c9d3e3' },
      text: 'The mid-engined two-seater that revived the Alpine name: light, agile and fun on every road.',
      specs: [
        { label: 'engine', value: '1.8 L turbo 4-cylinder' },
        { label: 'power', value: 252 },
        { label: 'acceleration', value: 4.5 },
        { label: 'topSpeed', value: 250 },
        { label: 'weight', value: 1102 },
        { label: 'drive', value: 'Rear-wheel' },
      ],
    },
    {
      id: 'a110s',
      kind: 'road',
      name: 'Alpine A110 S',
      colors: { body: '#e8563a', accent: '#1b1f27' },
      text: 'The sharper A110: more power, firmer chassis and a taste for the track.',
      specs: [
        { label: 'engine', value: '1.8 L turbo 4-cylinder' },
        { label: 'power', value: 300 },
        { label: 'acceleration', value: 4.2 },
        { label: 'topSpeed', value: 260 },
        { label: 'weight', value: 1109 },
        { label: 'drive', value: 'Rear-wheel' },
      ],
    },
    {
      id: 'a290',
      kind: 'road',
      name: 'Alpine A290',
      colors: { body: '#f2f4f7', accent: '#0055a4' },
      text: 'Alpine’s electric hot hatch, made for city streets and mountain passes alike.',
      specs: [
        { label: 'engine', value: 'Electric motor' },
        { label: 'power', value: 220 },
        { label: 'acceleration', value: 6.4 },
        { label: 'battery', value: 52 },
        { label: 'range', value: 380 },
        { label: 'drive', value: 'Front-wheel' },
      ],
    },
  ],
  translations: {
    fr: {
      intro: 'De la piste à la route : la monoplace de l’équipe et les sportives de notre marque partenaire Alpine.',
      raceTitle: 'Voiture de course',
      roadTitle: 'Les Alpine de route',
      roadIntro: 'Des sportives françaises légères construites à Dieppe, et la nouvelle gamme électrique d’Alpine.',
      note: 'Les chiffres sont des données constructeur ou des valeurs approximatives, donnés à titre indicatif.',
      cars: {
        ar27: {
          text: 'La voiture de la saison : monocoque en carbone, groupe propulseur hybride et livrée au bleu de l’équipe.',
          values: { engine: 'V6 1,6 L turbo hybride' },
        },
        a110: {
          text: 'La biplace à moteur central qui a fait renaître le nom Alpine : légère, agile et ludique sur toutes les routes.',
          values: { engine: '4 cylindres 1,8 L turbo', drive: 'Propulsion' },
        },
        a110s: {
          text: 'L’A110 plus affûtée : plus de puissance, un châssis plus ferme et le goût du circuit.',
          values: { engine: '4 cylindres 1,8 L turbo', drive: 'Propulsion' },
        },
        a290: {
          text: 'La citadine sportive électrique d’Alpine, aussi à l’aise en ville que sur les cols.',
          values: { engine: 'Moteur électrique', drive: 'Traction' },
        },
      },
    },
  },
};

/** Benefits by rank (the lowest rank that holds each): English and French titles. */
const DEMO_BENEFITS: Array<[RankCode, string, string]> = [
  ['P10', 'Member card in the app', 'Carte de membre dans l’appli'],
  ['P10', 'Daily check-in rewards', 'Récompenses de présence quotidienne'],
  ['P10', 'Access to every challenge', 'Accès à tous les défis'],
  ['P9', 'Garage tour story', 'Story de la visite du garage'],
  ['P9', 'Early look at new videos', 'Avant-première des nouvelles vidéos'],
  ['P8', 'Exclusive wallpapers', 'Fonds d’écran exclusifs'],
  ['P8', 'Members’ newsletter', 'Lettre d’information des membres'],
  ['P7', 'Priority access to sweepstakes', 'Accès prioritaire aux jeux-concours'],
  ['P7', 'Birthday surprise', 'Surprise d’anniversaire'],
  ['P6', '10% off at the team store', '10 % de remise à la boutique de l’équipe'],
  ['P5', 'Invitation to online Q&A with the team', 'Invitation aux séances de questions-réponses en ligne avec l’équipe'],
  ['P4', 'Signed team card sent home', 'Carte dédicacée de l’équipe envoyée chez vous'],
  ['P3', 'Priority ticket window for home races', 'Billetterie prioritaire pour les courses à domicile'],
  ['P2', 'Factory open-day invitation', 'Invitation à la journée portes ouvertes de l’usine'],
  ['P1', 'Paddock pass story and draw for a paddock visit', 'Story du pass paddock et tirage au sort pour une visite du paddock'],
  ['P1', 'All earlier benefits', 'Tous les avantages précédents'],
];

type CardText = { title: string; description: string; cta: string };
type DemoCard = {
  key: string;
  image: string;
  url: string;
  icon: 'play' | 'gift' | 'trophy' | 'shirt' | 'car';
  points: number;
  underageGate: boolean;
  isAd: boolean;
  en: CardText;
  fr: CardText;
};

/** The five carousel cards of spec §2, in the spec's order. */
const DEMO_CARDS: DemoCard[] = [
  {
    key: 'follow-the-action',
    image: 'carousel-follow-the-action.svg',
    url: '/media',
    icon: 'play',
    points: 25,
    underageGate: false,
    isAd: false,
    en: { title: 'Follow the action', description: 'Watch race highlights and behind-the-scenes videos and earn points for every one.', cta: 'Watch now' },
    fr: { title: 'Vivez l\'action', description: 'Regardez les temps forts des courses et les coulisses, et gagnez des points à chaque vidéo.', cta: 'Regarder' },
  },
  {
    key: 'unlock-rewards',
    image: 'carousel-unlock-rewards.svg',
    url: '/benefits',
    icon: 'gift',
    points: 500,
    underageGate: true,
    isAd: false,
    en: { title: 'Unlock rewards', description: 'Turn your points into exclusive member benefits from the team.', cta: 'See benefits' },
    fr: { title: 'Débloquez vos récompenses', description: 'Transformez vos points en avantages exclusifs réservés aux membres.', cta: 'Voir les avantages' },
  },
  {
    key: 'win-win-win',
    image: 'carousel-win-win-win.svg',
    url: '/contests',
    icon: 'trophy',
    points: 100,
    underageGate: true,
    isAd: false,
    en: { title: 'Win win win', description: 'Enter contests with your points for a chance at paddock passes and signed gear.', cta: 'Enter contests' },
    fr: {
      title: 'À gagner !',
      description: 'Participez aux concours avec vos points pour tenter de gagner des accès paddock et des objets dédicacés.',
      cta: 'Participer',
    },
  },
  {
    key: 'latest-styles',
    image: 'carousel-latest-styles.svg',
    // The club's online store (an example address of the demo).
    url: 'https://store.example.com/alpine-racing',
    icon: 'shirt',
    points: 0,
    underageGate: true,
    isAd: true,
    en: { title: 'Latest styles', description: 'The new team collection is here: caps, jackets and replica shirts.', cta: 'Shop the collection' },
    fr: { title: 'Nouvelle collection', description: 'La nouvelle collection de l\'équipe est arrivée : casquettes, vestes et maillots officiels.', cta: 'Découvrir la boutique' },
  },
  {
    key: 'discover-alpine',
    image: 'carousel-discover-alpine.svg',
    url: '/cars',
    icon: 'car',
    points: 0,
    underageGate: false,
    isAd: false,
    en: { title: 'Discover Alpine', description: 'Explore the cars, from the A110 on the road to the machines on the grid.', cta: 'Explore the cars' },
    fr: { title: 'Découvrez Alpine', description: 'Explorez les voitures, de l\'A110 sur la route aux monoplaces sur la grille.', cta: 'Voir les voitures' },
  },
];

/** Seeds the demo's benefits and carousel cards (with their illustrations) into `organizationId`. */
export async function seedProgram(tx: Tx, organizationId: string): Promise<void> {
  await tx.insert(benefits).values(
    DEMO_BENEFITS.map(([rankCode, title, fr], i) => ({
      organizationId,
      key: `benefit-${rankCode.toLowerCase()}-${i + 1}`,
      rankCode,
      title,
      sortOrder: i,
      translations: { fr: { title: fr } },
    })),
  );
  for (const [i, card] of DEMO_CARDS.entries()) {
    const mediaId = await createMediaFromFile(tx, organizationId, MEDIA_DIR + card.image);
    await tx.insert(carouselCards).values({
      organizationId,
      key: card.key,
      ...card.en,
      url: card.url,
      mediaId,
      icon: card.icon,
      points: card.points,
      underageGate: card.underageGate,
      isAd: card.isAd,
      sortOrder: i,
      translations: { fr: card.fr },
    });
  }
}
