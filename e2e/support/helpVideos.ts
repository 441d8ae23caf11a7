/** A HELP_VIDEOS setting naming a video for each of the catalogue's video items, as a deployment would. */
export const helpVideosSetting =
  'gettingStarted=hD3kQm7pLw2,fieldsAndCroppings=Fq8vT1nRx0c,mapLayers=Lm4yZ9bWc6s,editingBoundaries=Bx2nH5pKe8t';
