<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="8" tileheight="8" tilecount="8" columns="8">
 <image source="terrain.png" width="64" height="8"/>
 <tile id="1">
  <properties>
   <property name="move_cost" type="float" value="2"/>
   <property name="terrain" value="rough"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="smoke"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="cover" value="low"/>
   <property name="terrain" value="hedge"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" value="high"/>
   <property name="terrain" value="barricade"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
</tileset>
