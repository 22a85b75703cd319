// Every page illustration: its drawing, full size and the widths rendered for the site.
import { interiorScenes as inside } from "./scenes/interiors.ts";
import { placeScenes as outside } from "./scenes/places.ts";
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
  "moncur-street": scene(outside.moncurStreet),
  "building-facade": scene(outside.buildingFacade),
  "building-entrance": scene(outside.buildingEntrance),
  "interior-middle-1": scene(inside.interiorMiddle1),
  "interior-middle-2": scene(inside.interiorMiddle2),
  "interior-middle-3": scene(inside.interiorMiddle3),
  "interior-top-1": scene(inside.interiorTop1),
  "interior-top-2": scene(inside.interiorTop2),
  "interior-top-3": scene(outside.roofTerrace),
  "office-space": scene(inside.officeSpace),
  grocer: scene(outside.grocer),
  "post-office": scene(outside.postOffice),
  "art-gallery": scene(inside.artGallery),
  "gallery-redleaf": scene(outside.galleryRedleaf),
  suburb: scene(outside.suburb),
  terraces: scene(outside.terraces),
  hotel: scene(outside.hotel),
  church: scene(outside.church),
  station: scene(outside.station),
  "centennial-park": scene(outside.centennialPark),
  "queen-street": scene(outside.queenStreet),
  "coffee-machine": scene(inside.coffeeMachine),
  "profile-developer": square(inside.profileDeveloper),
  "profile-agent": square(inside.profileAgent),
};
