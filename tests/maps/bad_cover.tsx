<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="bad_cover" tilewidth="8" tileheight="8" tilecount="8" columns="8">
 <image source="terrain.png" width="64" height="8"/>
 <tile id="1">
  <properties>
   <property name="cover" value="medium"/>
  </properties>
 </tile>
</tileset>
