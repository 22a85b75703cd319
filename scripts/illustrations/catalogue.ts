// Every page illustration: its drawing, full size and the widths rendered for the site.
import { siteScenes as s } from "./scenes/site.ts";
import { streetScenes } from "./scenes/streets.ts";

interface Entry {
  width: number;
  height: number;
  widths: readonly number[];
  draw: () => string;
}

const wide = (draw: () => string): Entry => ({ width: 1920, height: 480, widths: [640, 1280, 1920], draw });
const scene = (draw: () => string): Entry => ({ width: 1260, height: 750, widths: [400, 800, 1260], draw });
const square = (draw: () => string): Entry => ({ width: 600, height: 600, widths: [300, 600], draw });

export const catalogue: Record<string, Entry> = {
  banner: wide(streetScenes.banner),
  "moncur-street": scene(s.moncurStreet),
  "building-facade": scene(s.buildingFacade),
  "building-entrance": scene(s.buildingEntrance),
  "interior-middle-1": scene(s.interiorMiddle1),
  "interior-middle-2": scene(s.interiorMiddle2),
  "interior-middle-3": scene(s.interiorMiddle3),
  "interior-top-1": scene(s.interiorTop1),
  "interior-top-2": scene(s.interiorTop2),
  "interior-top-3": scene(s.interiorTop3),
  "office-space": scene(s.officeSpace),
  grocer: scene(s.grocer),
  "post-office": scene(s.postOffice),
  "art-gallery": scene(s.artGallery),
  "gallery-redleaf": scene(s.galleryRedleaf),
  suburb: scene(s.suburb),
  terraces: scene(s.terraces),
  hotel: scene(s.hotel),
  church: scene(s.church),
  station: scene(s.station),
  "centennial-park": scene(s.centennialPark),
  "queen-street": scene(s.queenStreet),
  "coffee-machine": scene(s.coffeeMachine),
  "profile-developer": square(s.profileDeveloper),
  "profile-agent": square(s.profileAgent),
};
