<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="plain" tilewidth="8" tileheight="8" tilecount="4" columns="4">
 <image source="plain.png" width="32" height="8"/>
 <tile id="3">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="4" height="4"/>
  </objectgroup>
 </tile>
</tileset>
