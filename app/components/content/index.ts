import { EnquiryForm } from "../EnquiryForm.tsx";
import { BuildingMap } from "./BuildingMap.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { ExternalLink } from "./ExternalLink.tsx";
import { Gallery, GalleryImage } from "./Gallery.tsx";
import { Illustration } from "./Illustration.tsx";
import { ProfileSection, SampleNotice } from "./Profile.tsx";
import { Address, ContactDetails, TradingHours } from "./SiteDetails.tsx";
import { Teaser, TeaserGrid } from "./TeaserGrid.tsx";

/** The components content pages may use, by the names they use them. */
export const contentComponents = {
  Address,
  BuildingMap,
  ContactDetails,
  CopyButton,
  EnquiryForm,
  ExternalLink,
  Gallery,
  GalleryImage,
  Illustration,
  ProfileSection,
  SampleNotice,
  Teaser,
  TeaserGrid,
  TradingHours,
};
